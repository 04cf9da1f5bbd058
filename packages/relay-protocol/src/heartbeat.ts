// Heartbeats on the relay link, run by both ends: a ping every interval, and a connection that
// answered none of the last one is dead (a NAT or proxy dropped it silently) and is terminated,
// so the terminal reconnects and the relay stops routing to it.
import type { WebSocket } from 'ws';

/** Starts the heartbeat; it stops by itself when the socket closes. `onSilent` runs before terminate. */
export function keepAlive(socket: WebSocket, intervalMs: number, onSilent: () => void = () => {}): void {
  let answered = true;
  const heard = () => {
    answered = true;
  };
  // Any frame from the peer shows it alive, not only the pong (it may queue behind data).
  socket.on('pong', heard);
  socket.on('message', heard);
  const timer = setInterval(() => {
    if (answered) {
      answered = false;
      socket.ping();
      return;
    }
    // The verdict waits for this turn's input: after a pause of this process (a long GC, a
    // starved CPU) the timer runs before the socket is read, and a pong that came in time is
    // still waiting there. setImmediate runs after the poll that reads it.
    setImmediate(() => {
      if (answered || socket.readyState !== socket.OPEN) return;
      onSilent();
      socket.terminate();
    });
  }, intervalMs);
  timer.unref();
  socket.once('close', () => clearInterval(timer));
}
