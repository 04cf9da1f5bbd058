// The contract between the relay and the cloud (docs/relay.md "Relay and cloud").
import { z } from 'zod';

export const VerifyBody = z
  .object({ deviceCredential: z.string().max(200) })
  .meta({ id: 'RelayVerifyRequest' });

export const VerifiedDevice = z
  .object({
    terminalId: z.string(),
    publicId: z.string().describe('The terminal’s address on the relay: /api/relay/<publicId>/...'),
    merchantId: z.string(),
    credentialId: z.string().describe('Named again in the revocations feed when it stops working'),
    linkSeq: z
      .number()
      .int()
      .min(1)
      .describe(
        'Counts this terminal’s verified dials, one up each time: of two links of one terminal the relay keeps the one with the higher number',
      ),
  })
  .meta({ id: 'RelayVerifiedDevice' });

export const RevocationsQuery = z.object({
  since: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .describe('The cursor of the previous answer; none: start now'),
});

export const Revocations = z
  .object({
    revoked: z.array(z.object({ credentialId: z.string(), terminalId: z.string() })),
    cursor: z.string().describe('Send it back as `since` next time'),
  })
  .meta({ id: 'RelayRevocations' });
