// A reference for the relay bench, not part of the relay: the least a Node proxy does (node:http
// in, node:http with kept-alive connections out, bodies piped both ways; nothing checked, limited
// or logged), so that the relay's figures read against the cost of any proxy hop on the same
// machine. Forwards every request to BARE_PROXY_TARGET; prints the ready line of the simulators.
import { Agent, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { passTo } from '../test/pass-through.js';

const target = new URL(process.env.BARE_PROXY_TARGET ?? 'http://127.0.0.1:4567');
const agent = new Agent({ keepAlive: true });

const server = createServer(passTo(target, agent));
// The launcher's stdin closes when the bench process goes: so does this one.
process.stdin.on('end', () => process.exit(0)).resume();
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ event: 'ready', url: `http://127.0.0.1:${port}` })}\n`);
});
