// Ad hoc: added latency of a cross-node request vs a local one (not committed).
import { readFileSync } from 'node:fs';
import { RelayWorld } from './relay-world.js';

const world = new RelayWorld(null, {
  NATS_URL: 'nats://127.0.0.1:4222',
  LOG_LEVEL: 'warn',
  RELAY_RATE_LIMIT_MAX: '1000000',
  RELAY_REVOCATION_POLL_MS: '60000',
});
await world.start();
const nodeA = world.relay;
const nodeB = await world.startRelay();
const a = await world.activate('Bench');
const t = await world.startTerminal(a, { fiscalization: 'not_fiscal' });
const cpu = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10; // ms (100 Hz ticks)
};
const N = Number(process.env.N ?? 2000);
async function run(label: string, url: string) {
  for (let i = 0; i < 200; i++) await (await fetch(url, { headers: { 'x-api-key': 'x' } })).arrayBuffer();
  const ca = cpu(nodeA.pid),
    cb = cpu(nodeB.pid);
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const s = process.hrtime.bigint();
    const r = await fetch(url);
    await r.arrayBuffer();
    times.push(Number(process.hrtime.bigint() - s) / 1e6);
  }
  times.sort((x, y) => x - y);
  const p = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(3);
  console.log(
    JSON.stringify({
      label,
      n: N,
      p50: p(0.5),
      p99: p(0.99),
      cpuMsPerReqA: ((cpu(nodeA.pid) - ca) / N).toFixed(3),
      cpuMsPerReqB: ((cpu(nodeB.pid) - cb) / N).toFixed(3),
    }),
  );
}
const path = process.env.P ?? '/api/health';
await run('direct', t.url + path);
await run('via A (holder)', `${nodeA.url}/api/relay/${a.publicId}${path}`);
await run('via B (cross-node)', `${nodeB.url}/api/relay/${a.publicId}${path}`);
await nodeB.stop();
await world.stop();
process.exit(0);
