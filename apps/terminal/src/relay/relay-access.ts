/** What the terminal needs to dial the relay: where it is, and the device credential from activation. */
export interface RelayAccess {
  /** The relay's base address, `https://relay.example.md` (`http://` only on loopback and in tests). */
  relayUrl: string;
  deviceCredential: string;
  /** PEM of a private certificate authority the relay's certificate is signed by (a self-hosted relay); none: the system's. */
  ca?: string;
}

/**
 * The header the relay link adds to each request it hands to the terminal's own API, with a
 * secret drawn at each start and never sent anywhere else: the audit log marks a request as
 * relayed only when the value matches, so a client on the LAN cannot pass for the relay.
 */
export const RELAYED_MARKER_HEADER = 'x-fiscal-pos-relayed';
