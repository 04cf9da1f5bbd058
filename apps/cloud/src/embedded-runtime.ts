// How Node runs a cloud on the embedded database (PGlite: PostgreSQL compiled to WebAssembly, in
// this process), and the restart that puts it so, whatever command started the cloud.
//
// Measured in the memory phase of the cloud bench (issue 28: < 300 MB; docs/benchmarks.md,
// "Issue 28: the embedded cloud's memory"), as started before: 390-590 MB resident after 10,000
// requests, 850-1,040 MB at the peak.
// - `--liftoff-only`: V8 compiles WebAssembly with its baseline compiler (Liftoff), then the hot
//   functions again with its optimizing one (TurboFan) on background threads; PostgreSQL's
//   functions are large, and TurboFan's work on them made the peak. Liftoff only: 351 / 351 MB.
// - `--max-semi-space-size=2` (MB): the young generation V8 sized for a server filled with
//   PGlite's short-lived result buffers and strings, ~150 MB resident; 2 MB semi-spaces:
//   204 / 226 MB (1 MB: 197 / 228).
// What they cost in steady state (CPU per request, requests/s) was measured in the same runs.
// A cloud on PostgreSQL runs no WebAssembly and keeps V8's defaults: it is left as started.

/** Node's flags for a cloud on PGlite. */
export const EMBEDDED_NODE_FLAGS: readonly string[] = ['--liftoff-only', '--max-semi-space-size=2'];

/** process.execve: Node 22.15+ and 23.11+ (the types installed are older). */
type Execve = (file: string, args: readonly string[], env: NodeJS.ProcessEnv) => never;

/**
 * Replaces this process (same pid, so systemd, Docker and signals see no change) with the same
 * command plus those of EMBEDDED_NODE_FLAGS it was not started with. Returns when none is
 * missing, or when this Node cannot replace itself (`warn` says so; the cloud runs as started).
 */
export function runAsEmbeddedCloud(warn: (message: string) => void): void {
  const missing = EMBEDDED_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag));
  if (missing.length === 0) return;
  const execve = (process as { execve?: Execve }).execve;
  if (!execve) {
    warn(`Node ${process.version} cannot restart itself with ${missing.join(' ')}: start it with them`);
    return;
  }
  execve.call(
    process,
    process.execPath,
    [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)],
    process.env,
  );
}
