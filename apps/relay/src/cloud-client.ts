// The relay's two questions to the cloud (/api/relay/v1, RELAY_TOKEN): who is this credential,
// and which credentials were revoked since the last answer. Answers are checked, not trusted.
import { z } from 'zod';

const VerifiedDevice = z.object({
  terminalId: z.string(),
  publicId: z.string(),
  merchantId: z.string(),
  credentialId: z.string(),
  /** Counted up by the cloud at each verify of this terminal: the higher link is the newer. */
  linkSeq: z.number().int().min(1),
});
export type VerifiedDevice = z.infer<typeof VerifiedDevice>;

const Revocations = z.object({
  revoked: z.array(z.object({ credentialId: z.string(), terminalId: z.string() })),
  cursor: z.string(),
});
type Revocations = z.infer<typeof Revocations>;

/** `refused`: the cloud said no (401/403); anything else unexpected throws. */
export type Verification = { kind: 'verified'; device: VerifiedDevice } | { kind: 'refused'; status: number };

export class CloudClient {
  constructor(private readonly o: { cloudUrl: string; relayToken: string; timeoutMs: number }) {}

  async verify(deviceCredential: string): Promise<Verification> {
    const response = await this.#call('/api/relay/v1/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceCredential }),
    });
    if (response.status === 401 || response.status === 403 || response.status === 400) {
      // The cloud refusing the relay itself is no answer about the terminal: not a refusal to
      // pass on (nor to count against the terminal's address), an error of this relay.
      const problem = (await response.json().catch(() => null)) as { code?: unknown } | null;
      if (problem?.code === 'invalid_relay_token')
        throw new Error('the cloud refused this relay’s RELAY_TOKEN');
      return { kind: 'refused', status: response.status };
    }
    if (!response.ok) throw new Error(`the cloud answered ${response.status} to verify`);
    return { kind: 'verified', device: VerifiedDevice.parse(await response.json()) };
  }

  async revocationsSince(cursor: string | null): Promise<Revocations> {
    const query = cursor === null ? '' : `?since=${encodeURIComponent(cursor)}`;
    const response = await this.#call(`/api/relay/v1/revocations${query}`, { method: 'GET' });
    if (!response.ok) throw new Error(`the cloud answered ${response.status} to revocations`);
    return Revocations.parse(await response.json());
  }

  #call(path: string, init: RequestInit): Promise<Response> {
    return fetch(new URL(path, this.o.cloudUrl), {
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${this.o.relayToken}` },
      signal: AbortSignal.timeout(this.o.timeoutMs),
    });
  }
}
