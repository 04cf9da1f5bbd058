/** @fiscal-pos/sim-kit: what the simulator processes (mev-sim, card-sim) share, and the tests that start them. */
export {
  launchSimulator,
  type SimulatorLaunchOptions,
  type SimulatorProcess,
  type SimulatorReadyLine,
} from './launch-simulator.js';
export { announceReady, runSimulatorMain } from './serve-until-stopped.js';
export { spawnReadyProcess, type ReadyProcess } from './spawn-ready-process.js';
export { ReopenableListener } from './reopenable-listener.js';
export { openVersionedDatabase } from './versioned-database.js';
export { parseAdminInput, secureAdminApi } from './admin-api.js';
export { simulatorEnvFields, simulatorListenConfig, type SimulatorListenConfig } from './simulator-env.js';
export { listenAdmin, listenerFaultSwitch } from './fault-listener.js';
export { portForLater } from './port-for-later.js';
export { mulberry32 } from './seeded-random.js';
