// What the relay asks the cloud (/api/relay/v1, relay token): who a dialling terminal is, and
// which credentials stopped working since it last asked. See docs/relay.md.
import { eq, sql } from 'drizzle-orm';
import { terminals } from '../db/schema.js';
import { ProblemError, ProblemSchema } from '../http/problem.js';
import { defineRoute } from '../http/route.js';
import type { CloudRoute } from '../context.js';
import { relayToken } from '../relay-access/relay-auth.js';
import { verifyDeviceCredential } from '../device-access/device-auth.js';
import { Revocations, RevocationsQuery, VerifiedDevice, VerifyBody } from './relay-schemas.js';
import { revocationsSince } from './revocations.js';

const verifyRoute = defineRoute(relayToken, {
  method: 'POST',
  path: '/verify',
  operationId: 'relayVerify',
  summary: 'The terminal a device credential belongs to, or 401/403 as on the device API',
  body: VerifyBody,
  responses: {
    200: { description: 'A live credential of an active terminal', schema: VerifiedDevice },
    403: { description: 'terminal_deactivated', schema: ProblemSchema },
  },
  handler: async ({ ctx, body }) => {
    const device = await verifyDeviceCredential(ctx, body.deviceCredential);
    // Counted up in the row itself: concurrent verifies of one terminal each get their own number.
    const [row] = await ctx.db
      .update(terminals)
      .set({ relayLinkSeq: sql`${terminals.relayLinkSeq} + 1` })
      .where(eq(terminals.id, device.terminalId))
      .returning({ publicId: terminals.publicId, linkSeq: terminals.relayLinkSeq });
    if (!row) throw new ProblemError('internal_error', `Terminal ${device.terminalId} vanished.`);
    return { status: 200, body: { ...device, ...row } };
  },
});

const revocationsRoute = defineRoute(relayToken, {
  method: 'GET',
  path: '/revocations',
  operationId: 'relayRevocations',
  summary: 'Device credentials revoked since the cursor (with an overlap window; repeats are harmless)',
  query: RevocationsQuery,
  responses: { 200: { description: 'Revoked credentials and the next cursor', schema: Revocations } },
  handler: async ({ ctx, query }) => ({
    status: 200,
    body: await revocationsSince(
      ctx.db,
      query.since === undefined ? undefined : Number(query.since),
      ctx.clock.now(),
    ),
  }),
});

export const RELAY_ROUTES: readonly CloudRoute[] = [verifyRoute, revocationsRoute];
