/** Where a terminal dials the relay (a WebSocket upgrade, `Authorization: Bearer dc_...`). */
export const CONNECT_PATH = '/api/relay/connect';

/** `{relay_url}` is `https://<relay-host>` + RELAY_PREFIX + `<publicId>`. */
export const RELAY_PREFIX = '/api/relay/';

/**
 * The relay link's WebSocket subprotocol: HTTP/2 without TLS (h2c) runs inside it. Named so a
 * relay and a terminal of different link versions refuse each other instead of misreading bytes.
 */
export const LINK_PROTOCOL = 'fiscal-pos-relay.h2c.v1';

/** WebSocket close codes the relay uses, so the terminal's log says why it was dropped. */
export const CLOSE_CODES = {
  /** Another connection of the same terminal took this one's place. */
  replaced: 4000,
  /** The device credential was revoked or the terminal deactivated in the cloud. */
  revoked: 4001,
  /** No pong to a heartbeat in time. */
  silent: 4002,
  /** The relay is shutting down; reconnect (to another node, or this one once back). */
  shutdown: 4003,
} as const;
