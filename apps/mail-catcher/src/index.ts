/** @fiscal-pos/mail-catcher: the launcher of the local mail and SMS catcher, and what it keeps. */
import { fileURLToPath } from 'node:url';
import {
  launchSimulator,
  type SimulatorLaunchOptions,
  type SimulatorProcess,
  type SimulatorReadyLine,
} from '@fiscal-pos/sim-kit';
export type { CaughtMessage } from './catcher.js';

/** `url` is the SMTP address (smtp://127.0.0.1:port), `adminUrl` the HTTP one (page, /sms, /api/messages). */
export type MailCatcherProcess = SimulatorProcess;

export async function startMailCatcherProcess(options: SimulatorLaunchOptions): Promise<MailCatcherProcess> {
  const child = await launchSimulator<SimulatorReadyLine>(
    {
      name: 'mail-catcher',
      main: fileURLToPath(new URL('./main.ts', import.meta.url)),
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      exitWithParentVariable: 'MAIL_CATCHER_EXIT_WITH_PARENT',
    },
    { ...options, env: { HOST: '127.0.0.1', ...options.env } },
  );
  const { url, adminUrl, port, adminPort } = child.ready;
  return { url, adminUrl, port, adminPort, pid: child.pid, stop: child.stop, kill: child.kill };
}
