/** @fiscal-pos/relay: the launcher the tests (and `npm start`) use. */
export { startRelayProcess, type RelayProcess } from './launcher.js';
