// PGlite is one process's database: a second process opening the same DATA_DIR would write
// beside it and lose its writes (the split brain of an admin command run next to a running
// cloud). Whoever opens a PGlite DATA_DIR first takes `DATA_DIR/cloud.pid`; anyone else is
// refused while that process lives. A pid file left by a process that died is taken over.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PID_FILE = 'cloud.pid';

class DataDirHeldError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the PGlite data directory ${dataDir} is held by a running cloud (pid ${pid}); ` +
        'administer it through that cloud (npm run cloud -- admin <command>, which uses its HTTP API) or stop it first',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid holding the directory, if a live process other than this one does. */
function dataDirHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(join(dataDir, PID_FILE), 'utf8').trim());
  } catch {
    return undefined;
  }
  return Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

/** Takes the directory for this process; returns the function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const holder = dataDirHolder(dataDir);
  if (holder !== undefined) throw new DataDirHeldError(dataDir, holder);
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, PID_FILE);
  writeFileSync(file, `${process.pid}\n`, { mode: 0o644 });
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
    } catch {
      // Already gone: nothing to give back.
    }
  };
}
