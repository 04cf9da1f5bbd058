// The terminal resources as the operator sends and gets them (admin API); what a terminal sends
// and gets back is the device API's contract in @fiscal-pos/platform-protocol.
import { z } from 'zod';
import { MerchantParams } from '../merchants/merchant-params.js';
import { TerminalIdParams } from './terminal-bodies.js';
import type { DeviceMerchant } from '@fiscal-pos/platform-protocol';
import { CLOUD_CAPABILITIES, TERMINAL_STATUSES } from '@fiscal-pos/platform-protocol';

export const Terminal = z
  .object({
    id: z.string(),
    merchantId: z.string(),
    publicId: z
      .string()
      .describe('Its address on the relay, for ERPs outside the shop: https://<relay>/api/relay/<publicId>'),
    name: z.string(),
    status: z.enum(TERMINAL_STATUSES),
    createdAt: z.iso.datetime(),
    activatedAt: z.iso.datetime().nullable(),
    deactivatedAt: z.iso.datetime().nullable(),
    apiKeyLastFour: z.string().nullable().describe('Last four characters of its current X-API-Key'),
    apiKeyRotationPending: z.boolean().describe('A rotated key waits for the terminal to pick it up'),
  })
  .meta({ id: 'AdminTerminal' });

export const TerminalParams = MerchantParams.extend(TerminalIdParams.shape);

export const IssuedActivationCode = z
  .object({
    terminal: Terminal,
    activationCode: z
      .string()
      .describe('XXXX-XXXX; shown in this answer only (not in idempotent replays); single use'),
    activationCodeExpiresAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminIssuedActivationCode' });

/** The merchant as its terminals see it: the receipt header's name and fiscal identity. */
export function presentDeviceMerchant(merchant: DeviceMerchant): DeviceMerchant {
  return { id: merchant.id, name: merchant.name, idno: merchant.idno, address: merchant.address };
}

/**
 * What this cloud tells its terminals it accepts beyond the first v1 cloud (activation and GET
 * /terminal): each one only once the cloud stores and shows it right, since a terminal changes
 * what it sends on the word of this list.
 */
export const ACCEPTED_CAPABILITIES: string[] = [
  // Reports with negative amounts are stored as sent and counted in no sales total
  // (documents/vat-daily-rollup.ts and fleet/sales-by-terminal.ts take sales and refunds only).
  CLOUD_CAPABILITIES.signedReportAmounts,
];
