/** @fiscal-pos/sim-kit: what the simulator processes (mev-sim, card-sim) share. */
export { spawnReadyProcess, type ReadyProcess, type SpawnReadyOptions } from './spawn-ready-process.js';
export { serveUntilStopped } from './serve-until-stopped.js';
export { ReopenableListener } from './reopenable-listener.js';
export { openVersionedDatabase } from './versioned-database.js';
