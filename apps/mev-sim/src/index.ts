/** @fiscal-pos/mev-sim: the simulator's launcher and admin client. The contract is `./protocol`. */
export { startMevSimProcess, type MevSimProcess, type StartMevSimOptions } from './launcher.js';
export {
  fiscalizeTerminal,
  getFaultMode,
  listRegistrations,
  setFaultMode,
  MevSimAdminError,
  type AdminAuth,
  type RegistrationView,
} from './admin-client.js';
export {
  FAULT_MODES,
  type FaultMode,
  type FaultSettings,
  type FaultSettingsInput,
} from './faults/fault-switch.js';
export type { FiscalizationMaterial, FiscalizeTerminalInput } from './terminals/fiscalize-terminal.js';
