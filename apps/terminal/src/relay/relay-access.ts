/** What the terminal needs to dial the relay: where it is, and the device credential from activation. */
export interface RelayAccess {
  /** The relay's base address, `https://relay.example.md` (`http://` only on loopback and in tests). */
  relayUrl: string;
  deviceCredential: string;
  /** PEM of a private certificate authority the relay's certificate is signed by (a self-hosted relay); none: the system's. */
  ca?: string;
}
