/** @fiscal-pos/relay-protocol: what the relay and the terminal agree on about their link (docs/relay.md). */
export { CLOSE_CODES, CONNECT_PATH, LINK_PROTOCOL, RELAY_PREFIX } from './paths.js';
export { endToEndHeaders } from './hop-by-hop.js';
export { keepAlive } from './heartbeat.js';
export { linkStream } from './link-stream.js';
export { RELAY_ERROR_CODES, relayErrorEnvelope, relayStatusOf, type RelayErrorCode } from './relay-errors.js';
export { AddressRefusals, addressKey } from './address-refusals.js';
