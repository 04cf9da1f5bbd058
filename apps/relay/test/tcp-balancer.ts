// "Several relay nodes behind one address" on loopback: a TCP forwarder that gives each new
// connection to the first backend that accepts it, in the order given. A killed node refuses
// connections, so a terminal redialling the one address lands on the next live node, as behind
// a load balancer with health checks. `cut` drops every connection through it and refuses new
// ones until `restore`: one process cut off from a server the others still reach.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface TcpBalancer {
  url: string;
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

function dialFirst(ports: readonly number[], client: Socket): void {
  const [port, ...rest] = ports;
  if (port === undefined) {
    client.destroy();
    return;
  }
  const backend = connect(port, '127.0.0.1');
  let connected = false;
  backend.once('error', () => {
    if (connected) client.destroy();
    else dialFirst(rest, client);
  });
  backend.once('connect', () => {
    connected = true;
    client.pipe(backend).pipe(client);
    backend.once('close', () => client.destroy());
    client.once('close', () => backend.destroy());
  });
}

export async function startTcpBalancer(ports: readonly number[]): Promise<TcpBalancer> {
  const clients = new Set<Socket>();
  let isCut = false;
  const server = createServer((client) => {
    if (isCut) {
      client.destroy();
      return;
    }
    clients.add(client);
    client.once('close', () => clients.delete(client));
    client.on('error', () => undefined);
    dialFirst(ports, client);
  });
  const dropAll = () => {
    for (const client of clients) client.destroy();
  };
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    cut() {
      isCut = true;
      dropAll();
    },
    restore() {
      isCut = false;
    },
    close: () =>
      new Promise<void>((done) => {
        dropAll();
        server.close(() => done());
      }),
  };
}
