/** @fiscal-pos/printer-sim: the simulator's launcher. Its admin API is plain HTTP JSON. */
export { startPrinterSimProcess, type PrinterSimProcess } from './launcher.js';
