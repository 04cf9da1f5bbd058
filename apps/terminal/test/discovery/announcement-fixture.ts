/**
 * The terminal's LanAnnouncement alone, for lan-discovery.test.ts to run inside its network
 * namespace: what a running terminal does when what it announces changes (the cloud's sync
 * renamed it), without a cloud in the namespace. Each line on stdin is the terminal's new name;
 * `stop` says goodbye and ends. Its log is pino's JSON on stdout, as the terminal's.
 */
import { pino } from 'pino';
import { createInterface } from 'node:readline';
import { LanAnnouncement, type AnnouncedTerminal } from '../../src/discovery/lan-announcement.js';

const announced: AnnouncedTerminal = {
  version: '0.1.0+fixture',
  registrationNumber: '3000123456',
  terminalId: 'TRM-FIXTURE',
  terminalName: 'Casa 1',
};
const announcement = new LanAnnouncement({
  instanceName: process.env.MDNS_NAME ?? 'Fixture',
  port: 4567,
  describe: () => announced,
  logger: pino(),
});
announcement.start();

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'stop') {
    void announcement.stop().then(() => process.exit(0));
    return;
  }
  announced.terminalName = line;
  void announcement.check();
});
