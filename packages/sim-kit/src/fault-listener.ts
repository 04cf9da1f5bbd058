import type { Logger } from 'pino';
import type { ReopenableListener } from './reopenable-listener.js';
import { urlHost } from '@fiscal-pos/serve-kit';

/**
 * The admin API's fault switch for a simulator whose "unreachable" mode (`down`, `offline`)
 * closes its service listener for real, and reopens it for every other mode.
 */
export function listenerFaultSwitch<I, S extends { mode: string }>(o: {
  set: (input: I) => S;
  listener: ReopenableListener;
  closedMode: S['mode'];
  logger: Logger;
}): (input: I) => Promise<S> {
  return async (input) => {
    const settings = o.set(input);
    if (settings.mode === o.closedMode) await o.listener.close();
    else await o.listener.open();
    o.logger.info({ fault: settings }, 'fault mode set');
    return settings;
  };
}

/** Starts a simulator's admin server; the port it got (ADMIN_PORT may be 0) and the host as URLs spell it. */
export async function listenAdmin(
  admin: {
    listen: (options: { host: string; port: number }) => Promise<unknown>;
    server: { address: () => unknown };
  },
  host: string,
  port: number,
): Promise<{ adminPort: number; urlHost: string }> {
  await admin.listen({ host, port });
  const address = admin.server.address();
  const adminPort =
    typeof address === 'object' && address !== null && 'port' in address && typeof address.port === 'number'
      ? address.port
      : port;
  return { adminPort, urlHost: urlHost(host) };
}
