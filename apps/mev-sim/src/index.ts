/** @fiscal-pos/mev-sim: the simulator's launcher and admin client. The contract is `./protocol`. */
export { startMevSimProcess, type MevSimProcess } from './launcher.js';
export {
  fiscalizeTerminal,
  getFaultMode,
  listRegistrations,
  setFaultMode,
  MevSimAdminError,
  type RegistrationView,
} from './admin-client.js';
export type { FaultMode, FaultSettingsInput } from './faults/fault-switch.js';
export type { FiscalizationMaterial } from './terminals/fiscalize-terminal.js';
