// Integration keys as the administration API and the merchant console take and show them: one
// schema per resource for both. Imports nothing but zod and schema modules: the console's page
// may bundle it.
import { z } from 'zod';
import { graceSeconds } from './grace-seconds.js';
import { Scope } from './scopes.js';

export const KeyParams = z.object({ keyId: z.string().max(100) });

export const CreateKeyBody = z
  .object({
    scopes: z.array(Scope).min(1).describe('What the key may do'),
    name: z.string().trim().min(1).max(100).optional().describe('A label: which shop or ERP uses it'),
  })
  .meta({ id: 'CreateIntegrationKey' });

export const RotateKeyBody = z
  .object({ graceSeconds: graceSeconds('How long the old key keeps working (default 24 h; 0 ends it now)') })
  .meta({ id: 'RotateIntegrationKey' });

/** The merchant's integration module: whether its keys may use the integration API. */
export const IntegrationSwitch = z
  .object({ active: z.boolean().describe('Whether the merchant’s keys may use the integration API') })
  .meta({ id: 'IntegrationModule' });

/** A key as listed: never the key itself. */
export const IntegrationKey = z
  .object({
    id: z.string(),
    name: z.string(),
    displayPrefix: z.string().describe('The key’s first characters, to recognise it'),
    lastFour: z.string(),
    scopes: z.array(z.string()),
    createdAt: z.iso.datetime(),
    revokedAt: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().nullable().describe('End of a rotation grace period'),
    rotatedToId: z.string().nullable().describe('The successor of a rotated key'),
    lastUsedAt: z.iso.datetime().nullable().describe('Its last request, to the minute; null: never used'),
  })
  .meta({ id: 'IntegrationKey' });

/** A new key, with the key itself: in this answer only (not in idempotent replays). */
export const CreatedIntegrationKey = z
  .object({
    id: z.string(),
    key: z.string().describe('The key itself: in this answer only, never again (not in idempotent replays)'),
    displayPrefix: z.string(),
    lastFour: z.string(),
    scopes: z.array(z.string()),
  })
  .meta({ id: 'CreatedIntegrationKey' });
