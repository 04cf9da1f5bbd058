/** @fiscal-pos/card-sim: the simulator's launcher and admin client. The contract is `./protocol`. */
export { startCardSimProcess, type CardSimProcess } from './launcher.js';
export {
  CardSimAdminError,
  getCardFault,
  listCardReversals,
  listCardTransactions,
  setCardFault,
} from './admin-client.js';
export type { FaultSettingsInput } from './faults/fault-switch.js';
