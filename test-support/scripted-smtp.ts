/**
 * A small SMTP server on loopback that misbehaves on purpose, as real ones do: `silent` accepts
 * the connection and never greets; `hang-on` greets and talks normally, but never answers the
 * RCPT TO of the recipients it is given (a mailbox server that stalls). Every other message is
 * accepted and its recipient recorded. A real TCP server speaking enough SMTP for nodemailer.
 */
import { createServer, type Socket } from 'node:net';

export interface ScriptedSmtp {
  url: string;
  /** Recipients of the messages accepted so far. */
  accepted: string[];
  /** Connections open now (a hung one stays open until the client gives up). */
  openConnections(): number;
  close(): Promise<void>;
}

export async function startScriptedSmtp(
  o: { silent: true } | { hangOn: readonly string[] },
): Promise<ScriptedSmtp> {
  const accepted: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if ('silent' in o) return;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 scripted ESMTP');
    let buffer = '';
    let inData = false;
    let recipient = '';
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          buffer = buffer.slice(end + 5);
          inData = false;
          accepted.push(recipient);
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 scripted');
        else if (verb === 'MAIL') reply('250 2.1.0 ok');
        else if (verb === 'RCPT') {
          recipient = /<([^>]*)>/.exec(line)?.[1] ?? '';
          // Stalls: no answer at all, the client's socket timeout is all that ends it.
          if (o.hangOn.includes(recipient)) return;
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    openConnections: () => sockets.size,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
