// The terminal resources: what the operator sends and gets back (admin API) and what a terminal
// sends and gets back (device API).
import { graceSeconds } from '../keys/grace-seconds.js';
import { z } from 'zod';
import { MerchantParams } from '../merchants/merchant-params.js';
import { TERMINAL_STATUSES } from './terminal-lifecycle.js';

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

export const TerminalParams = MerchantParams.extend({ terminalId: z.string().max(100) });

const TerminalName = z.string().trim().min(1).max(100);

export const CreateTerminalBody = z.object({ name: TerminalName }).meta({ id: 'AdminCreateTerminal' });
export const RenameTerminalBody = z.object({ name: TerminalName }).meta({ id: 'AdminRenameTerminal' });

export const IssuedActivationCode = z
  .object({
    terminal: Terminal,
    activationCode: z
      .string()
      .describe('XXXX-XXXX; shown in this answer only (not in idempotent replays); single use'),
    activationCodeExpiresAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminIssuedActivationCode' });

export const RotateTerminalApiKeyBody = z
  .object({
    graceSeconds: graceSeconds(
      'How long the old key keeps working once the terminal has the new one (default 24 h)',
    ),
  })
  .meta({ id: 'AdminRotateTerminalApiKey' });

export const DeviceMerchant = z
  .object({
    id: z.string(),
    name: z.string(),
    idno: z.string().nullable(),
    address: z.string().nullable(),
  })
  .meta({ id: 'DeviceMerchant' });

/** The merchant as its terminals see it: the receipt header's name and fiscal identity. */
export function presentDeviceMerchant(
  merchant: z.infer<typeof DeviceMerchant>,
): z.infer<typeof DeviceMerchant> {
  return { id: merchant.id, name: merchant.name, idno: merchant.idno, address: merchant.address };
}

export const ActivateBody = z
  .object({
    code: z.string().min(1).max(20).describe('The activation code, XXXX-XXXX; any case, the dash optional'),
  })
  .meta({ id: 'DeviceActivate' });

export const Activation = z
  .object({
    terminalId: z.string(),
    publicId: z
      .string()
      .describe('The terminal’s address on the relay: {relay_url} = https://<relay>/api/relay/<publicId>'),
    terminalName: z.string(),
    merchant: DeviceMerchant,
    deviceCredential: z.string().describe('dc_…: `Authorization: Bearer` for every later device call'),
    apiKey: z.string().describe('tk_…: the X-API-Key the terminal accepts from ERPs'),
  })
  .meta({ id: 'DeviceActivation' });

const PendingApiKey = z
  .object({
    id: z.string(),
    key: z.string().describe('The new X-API-Key; acknowledge it once stored'),
    previousKeyGraceSeconds: z
      .number()
      .int()
      .describe('How long the terminal should keep accepting its current key after switching'),
  })
  .meta({ id: 'DevicePendingApiKey' });

export const DeviceTerminal = z
  .object({
    terminalId: z.string(),
    publicId: z.string().describe('The terminal’s address on the relay: /api/relay/<publicId>'),
    terminalName: z.string(),
    status: z.enum(TERMINAL_STATUSES),
    merchant: DeviceMerchant,
    pendingApiKey: PendingApiKey.nullable(),
  })
  .meta({ id: 'DeviceTerminal' });

export const AcknowledgeApiKeyBody = z.object({ id: z.string().max(100) }).meta({ id: 'DeviceAckApiKey' });

export const RotatedCredential = z
  .object({
    deviceCredential: z
      .string()
      .describe('The new dc_…; the current one keeps working until this one is first used'),
  })
  .meta({ id: 'DeviceRotatedCredential' });
