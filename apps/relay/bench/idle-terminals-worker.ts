/**
 * Idle terminals for the relay bench, in a worker thread so their heartbeats are not held up
 * by the cloud in the bench's main thread: one RelayLink (the terminal's own dial-out code,
 * production reconnect and heartbeat settings) per device credential. Reports which links went
 * up or down, with the time, every 20 ms; closes them all on 'close'.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { pino } from 'pino';
import { loadTerminalConfig } from '../../terminal/src/config.js';
import { RelayLink } from '../../terminal/src/relay/relay-link.js';

export interface IdleTerminalsData {
  relayUrl: string;
  credentials: string[];
}

/** Indexes into `credentials` of the links that went up and down since the last report; `at` in ms since the epoch. */
export interface LinkChanges {
  at: number;
  up: number[];
  down: number[];
}

const data = workerData as IdleTerminalsData;
const { relayLink } = loadTerminalConfig({});
const logger = pino({ level: 'silent' });
const links = data.credentials.map((deviceCredential) => {
  const link = new RelayLink({
    access: () => ({ relayUrl: data.relayUrl, deviceCredential }),
    logger,
    ...relayLink,
    accessPollMs: 5_000,
  });
  // Idle: no request comes; one that did would be refused.
  link.start((_req, res) => res.writeHead(503).end());
  return link;
});
const seen = links.map(() => false);

const timer = setInterval(() => {
  const changes: LinkChanges = { at: Date.now(), up: [], down: [] };
  links.forEach((link, i) => {
    if (link.connected === seen[i]) return;
    seen[i] = link.connected;
    (link.connected ? changes.up : changes.down).push(i);
  });
  if (changes.up.length + changes.down.length > 0) parentPort!.postMessage(changes);
}, 20);

parentPort!.once('message', () => {
  clearInterval(timer);
  void Promise.all(links.map((link) => link.close())).then(() => parentPort!.postMessage('closed'));
});
