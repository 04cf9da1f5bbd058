import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP relay to the fiscal server that can hold what the terminal sends (TLS passes through
 * untouched): a test acts between a document's write and the fiscal server's answer.
 */
export async function startMevGate(target: string) {
  const upstreamUrl = new URL(target);
  let holding = false;
  const held: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(upstreamUrl.port), upstreamUrl.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => {
      const send = () => upstream.write(chunk);
      if (holding) held.push(send);
      else send();
    });
    upstream.on('data', (chunk) => client.write(chunk));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const send of held.splice(0)) send();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

export type MevGate = Awaited<ReturnType<typeof startMevGate>>;
