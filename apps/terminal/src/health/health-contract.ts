import { z } from 'zod';
import type { EndpointContract } from '../openapi/endpoint-contract.js';
import { countSchema, documentNumberSchema, timestampSchema } from '../http/shared-contract.js';

/** data of GET /api/health: the spec's health record plus the offline queue and day counters. */
export const healthRecordSchema = z
  .strictObject({
    status: z.literal('ready'),
    version: z
      .string()
      .regex(/^\d+\.\d+\.\d+\+[0-9A-Za-z-]+$/)
      .meta({ description: '<major>.<minor>.<patch>+<build>' }),
    fiscalStatus: z.enum(['online', 'offline', 'not_fiscal']),
    fiscalStatusReason: z
      .enum(['MEV_CREDENTIALS_MISSING', 'MEV_UNREACHABLE', 'MEV_REFUSED'])
      .nullable()
      .meta({
        description:
          'why fiscalStatus is offline: MEV_CREDENTIALS_MISSING (fiscal operations are refused with that code), ' +
          'MEV_UNREACHABLE (the last request got no usable answer), MEV_REFUSED (the fiscal server answers but ' +
          'refuses the terminal or faults, see mevRefusal; the offline queue cannot drain); null when online or not_fiscal',
      }),
    mevRefusal: z
      .strictObject({
        code: z.string().meta({ description: 'the fault code, e.g. CERTIFICATE_EXPIRED' }),
        message: z.string().meta({ description: 'the fault reason as the fiscal server gave it' }),
        since: timestampSchema.meta({ description: 'first refusal of this run of refusals' }),
      })
      .nullable()
      .meta({ description: 'set while fiscalStatusReason is MEV_REFUSED' }),
    terminalId: z.string(),
    serverPort: z.int().min(0).max(65_535),
    uptime: countSchema.meta({ description: 'seconds' }),
    serverStartedAt: timestampSchema,
    deviceIp: z.ipv4().meta({ description: 'first non-internal IPv4 of the device, else 127.0.0.1' }),
    reportNumber: documentNumberSchema.meta({ description: 'number of the open fiscal day’s Z report' }),
    lastReceiptNumber: countSchema.meta({
      description: 'last receipt number of the open day; 0 before the first',
    }),
    offlineQueueSize: countSchema.meta({
      description: 'fiscal operations not yet confirmed by the fiscal server',
    }),
    offlineQueueOldestAt: timestampSchema.nullable(),
    offlineQueueOldestAgeSeconds: countSchema.nullable(),
    lastMevContactAt: timestampSchema.nullable().meta({ description: 'last answer from the fiscal server' }),
  })
  .meta({ id: 'HealthRecord' });

export type HealthRecord = z.infer<typeof healthRecordSchema>;

/** GET /api/catalog/health: raw JSON like every catalog path, no key. */
export const catalogHealthSchema = z
  .strictObject({ status: z.literal('ok'), terminalId: z.string(), timestamp: timestampSchema })
  .meta({ id: 'CatalogHealth' });

export type CatalogHealth = z.infer<typeof catalogHealthSchema>;

export const healthEndpoints: readonly EndpointContract[] = [
  {
    method: 'GET',
    path: '/api/health',
    operationId: 'getHealth',
    summary: 'Health record',
    tag: 'Health',
    authenticated: false,
    body: 'envelope',
    response: healthRecordSchema,
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/catalog/health',
    operationId: 'getCatalogHealth',
    summary: 'Catalog health check (raw JSON, no envelope)',
    tag: 'Health',
    authenticated: false,
    body: 'raw',
    response: catalogHealthSchema,
    errors: [],
  },
];
