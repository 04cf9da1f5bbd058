// `Authorization: Bearer dc_...` on every device route (the terminal's own calls to the cloud).
// Order of checks: absent -> 401 missing_device_credential; malformed, unknown or revoked -> 401
// invalid_device_credential (a malformed one costs no query); terminal deactivated -> 403
// terminal_deactivated. The resolved terminal and merchant are the only ones a device handler
// may query: a device never names a terminal or merchant itself.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ProblemError } from '../http/problem.js';
import type { Access } from '../http/route.js';
import { recordFirstUse, resolveDeviceCredential } from './device-credentials.js';
import { DEVICE_API_BASE_PATH, isWellFormedDeviceCredential } from '@fiscal-pos/platform-protocol';
import { hashToken } from '../keys/tokens.js';

export interface AuthenticatedDevice {
  credentialId: string;
  terminalId: string;
  merchantId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    device?: AuthenticatedDevice;
  }
}

/** Device routes: the handler gets the calling terminal as `device`, the only one it may query. */
export const deviceCredential: Access<AppContext, { device: AuthenticatedDevice }> = {
  name: 'device',
  basePath: DEVICE_API_BASE_PATH,
  admit: async (ctx, request) => ({ device: await authenticateDevice(ctx, request) }),
  doc: {
    who: 'Needs the device credential from activation (`Authorization: Bearer dc_…`).',
    unauthorized: 'Missing, invalid or revoked device credential',
    forbidden: 'The terminal was deactivated',
    securityScheme: {
      name: 'deviceCredential',
      scheme: {
        type: 'http',
        scheme: 'bearer',
        description: 'A terminal’s device credential (dc_…), issued at activation',
      },
    },
    tag: 'device',
  },
};

async function authenticateDevice(ctx: AppContext, request: FastifyRequest): Promise<AuthenticatedDevice> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match)
    throw new ProblemError(
      'missing_device_credential',
      'Send the device credential from activation as `Authorization: Bearer dc_...`.',
    );
  const device = await verifyDeviceCredential(ctx, match[1]!);
  request.device = device;
  return device;
}

/**
 * The device a credential belongs to, or the refusal; also what the relay asks about a terminal
 * dialling it (relay/relay-routes.ts), so both see one rule, first use of a successor included.
 */
export async function verifyDeviceCredential(ctx: AppContext, token: string): Promise<AuthenticatedDevice> {
  const credential = isWellFormedDeviceCredential(token)
    ? await resolveDeviceCredential(ctx.db, hashToken(token))
    : undefined;
  if (!credential)
    throw new ProblemError(
      'invalid_device_credential',
      'The device credential is not valid or was revoked; activate the terminal again with a new code.',
    );
  if (credential.terminalStatus === 'deactivated')
    throw new ProblemError('terminal_deactivated', 'This terminal was deactivated by its merchant.');
  if (credential.replacesId !== null && credential.firstUsedAt === null)
    await recordFirstUse(
      ctx.db,
      { credentialId: credential.credentialId, replacesId: credential.replacesId },
      ctx.clock.now(),
    );
  return {
    credentialId: credential.credentialId,
    terminalId: credential.terminalId,
    merchantId: credential.merchantId,
  };
}
