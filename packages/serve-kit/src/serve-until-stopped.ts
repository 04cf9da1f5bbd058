import type { Logger } from 'pino';

/**
 * Keeps a started server until SIGTERM or SIGINT, or until the parent that launched it goes
 * away (`exitWithParent`: the launcher's pipe on our stdin closes), then stops it and exits.
 */
export function serveUntilStopped(
  name: string,
  logger: Logger,
  stop: () => Promise<void>,
  exitWithParent: boolean,
): void {
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${name} stopping`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, `${name} did not stop cleanly`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  if (exitWithParent) process.stdin.on('end', () => shutdown('parent-gone')).resume();
}
