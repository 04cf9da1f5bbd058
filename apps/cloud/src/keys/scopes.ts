import { z } from 'zod';

/** The closed list of scopes a key can carry. Version 1 only ever adds to it. */
export const SCOPES = [
  'products:read',
  'products:write',
  'inventory:read',
  'inventory:write',
  'orders:read',
  'orders:write',
  'webhooks:manage',
  'sales:read',
] as const;
export const Scope = z.enum(SCOPES);
export type Scope = z.infer<typeof Scope>;
