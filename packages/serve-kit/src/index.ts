/** @fiscal-pos/serve-kit: what a server process needs beside its protocol (the relay, the simulators). */
export { serveUntilStopped } from './serve-until-stopped.js';
export { urlHost } from './url-host.js';
