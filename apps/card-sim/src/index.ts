/** @fiscal-pos/card-sim: the simulator's launcher and admin client. The contract is `./protocol`. */
export { startCardSimProcess, type CardSimProcess, type StartCardSimOptions } from './launcher.js';
export {
  CardSimAdminError,
  getCardFault,
  listCardReversals,
  listCardTransactions,
  setCardFault,
  type AdminAuth,
  type ReversalView,
  type TransactionView,
} from './admin-client.js';
export {
  FAULT_MODES,
  type FaultMode,
  type FaultSettings,
  type FaultSettingsInput,
} from './faults/fault-switch.js';
