/** @fiscal-pos/printer-sim: the simulator's launcher and its admin API client. */
export { startPrinterSimProcess, type PrinterSimProcess } from './launcher.js';
export { parserErrors, printedPages, setPrinterFault } from './admin-client.js';
