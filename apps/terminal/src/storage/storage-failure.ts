import type { Logger } from 'pino';

/**
 * A write the file system refused: full (SQLITE_FULL, ENOSPC, EDQUOT), read-only
 * (SQLITE_READONLY*, EROFS) or failing (SQLITE_IOERR*). better-sqlite3 and node:fs both name
 * the failure in `code`. Nothing was written: SQLite rolled the transaction back.
 */
export function isStorageFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as Error & { code?: unknown };
  if (typeof code !== 'string') return false;
  return (
    code === 'SQLITE_FULL' ||
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_IOERR') ||
    code === 'ENOSPC' ||
    code === 'EDQUOT' ||
    code === 'EROFS'
  );
}

export interface StorageProblem {
  /** When the first failure of this run of failures happened. */
  since: string;
  /** What the file system said the last time (`SQLITE_FULL: database or disk is full`). */
  message: string;
}

/** Probes are writes of their own: at most one per this many ms while storage is failing. */
const PROBE_INTERVAL_MS = 1_000;

/**
 * Whether the terminal can write under DATA_DIR, for health. A refused write marks it
 * unavailable; `check` writes again (the probe) while it is, at most once a second, and clears
 * it once the write goes through: space that returns is used without a restart.
 */
export class StorageHealth {
  #problem: StorageProblem | null = null;
  #probedAt = 0;

  constructor(
    private readonly probe: () => void,
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {}

  /** Notes a refused write; returns whether `error` was one (anything else is not its business). */
  failed(error: unknown, where: string): boolean {
    if (!isStorageFailure(error)) return false;
    const message = `${(error as Error & { code: string }).code}: ${(error as Error).message}`;
    // Logged when it starts, not at every refused write (the audit log retries 4 times a second).
    if (this.#problem === null)
      this.logger.error({ err: error, where }, 'storage unavailable: writes are refused');
    this.#problem = { since: this.#problem?.since ?? this.now().toISOString(), message };
    return true;
  }

  /** The problem, after probing whether it is still there; null when writes go through. */
  check(): StorageProblem | null {
    if (this.#problem === null || Date.now() - this.#probedAt < PROBE_INTERVAL_MS) return this.#problem;
    this.#probedAt = Date.now();
    try {
      this.probe();
    } catch (error) {
      this.failed(error, 'probe');
      return this.#problem;
    }
    this.logger.warn({ since: this.#problem.since }, 'storage available again');
    this.#problem = null;
    return null;
  }
}
