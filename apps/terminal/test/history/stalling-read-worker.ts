import { parentPort } from 'node:worker_threads';

/**
 * A read worker whose every read outlasts any deadline of the tests, blocking its thread the
 * way a long SQLite statement does (no event loop turn until it returns). In slices of 50 ms,
 * so that terminating it does not wait for the whole 5 s.
 */
parentPort?.on('message', () => {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const until = Date.now() + 5_000;
  while (Date.now() < until) Atomics.wait(cell, 0, 0, 50);
});
