/**
 * `npm run mail-catcher`: the local mail and SMS catcher. Prints one JSON line with event
 * "ready": `url` is its SMTP address, `adminUrl` its HTTP address (the page, /sms, /api/messages).
 */
import { serveUntilStopped } from '@fiscal-pos/serve-kit';
import { announceReady, simulatorEnvFields, simulatorListenConfig } from '@fiscal-pos/sim-kit';
import { pino } from 'pino';
import { z } from 'zod';
import { startCatcher } from './catcher.js';

const logger = pino({ base: { service: 'mail-catcher' } });
const env = z
  .object({
    ...simulatorEnvFields({ port: 2525, adminPort: 8025, dataDir: '.data/mail-catcher' }),
    SMS_TOKEN: z.string().min(1).optional(),
  })
  .parse(process.env);
const listen = simulatorListenConfig(env);
const catcher = await startCatcher(
  {
    host: listen.host,
    smtpPort: listen.port,
    httpPort: listen.adminPort,
    dataDir: listen.dataDir,
    smsToken: env.SMS_TOKEN ?? null,
  },
  logger,
);
announceReady('mail-catcher', logger, {
  url: catcher.smtpUrl,
  adminUrl: catcher.httpUrl,
  port: catcher.smtpPort,
  adminPort: catcher.httpPort,
  dataDir: listen.dataDir,
});
serveUntilStopped(
  'mail-catcher',
  logger,
  () => catcher.stop(),
  process.env.MAIL_CATCHER_EXIT_WITH_PARENT === '1',
);
