// Heartbeats on the relay link, run by both ends: a ping every interval, and a connection that
// answered none of the last one is dead (a NAT or proxy dropped it silently) and is terminated,
// so the terminal reconnects and the relay stops routing to it.
import type { WebSocket } from 'ws';

/** Starts the heartbeat; it stops by itself when the socket closes. `onSilent` runs before terminate. */
export function keepAlive(socket: WebSocket, intervalMs: number, onSilent: () => void = () => {}): void {
  let answered = true;
  socket.on('pong', () => {
    answered = true;
  });
  const timer = setInterval(() => {
    if (!answered) {
      onSilent();
      socket.terminate();
      return;
    }
    answered = false;
    socket.ping();
  }, intervalMs);
  timer.unref();
  socket.once('close', () => clearInterval(timer));
}
