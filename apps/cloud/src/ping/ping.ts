import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import { integrationKey } from '../integration-access/integration-key-auth.js';
import { ProblemSchema } from '../http/problem.js';

export const PingResponse = z
  .object({
    merchantId: z.string(),
    keyId: z.string(),
    keyPrefix: z.string().describe('The first characters of the key, as shown in the console'),
    scopes: z.array(z.string()),
  })
  .meta({ id: 'Ping' });
export type PingResponse = z.infer<typeof PingResponse>;

export const pingRoute = defineRoute(integrationKey([]), {
  method: 'GET',
  path: '/ping',
  operationId: 'ping',
  summary: 'Confirms the key, its merchant and its scopes',
  responses: {
    200: { description: 'The key is valid', schema: PingResponse },
    401: { description: 'No valid key', schema: ProblemSchema },
  },
  handler: ({ auth }) =>
    Promise.resolve({
      status: 200,
      body: {
        merchantId: auth.merchantId,
        keyId: auth.keyId,
        keyPrefix: auth.displayPrefix,
        scopes: auth.scopes,
      } satisfies PingResponse,
    }),
});
