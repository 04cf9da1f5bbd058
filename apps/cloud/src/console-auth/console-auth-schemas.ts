// What the console's sign-in and session routes take and answer. The console's page imports
// these schemas to check its forms as the cloud will: import nothing here but zod and modules
// that import nothing (no database, no argon2), or the page's build breaks.
import { z } from 'zod';
import { CONSOLE_ROLES } from '../console-users/roles.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../console-users/password-rules.js';

const Email = z.string().trim().max(254).pipe(z.email());
const TotpCode = z
  .string()
  .regex(/^\d{6}$/, 'six digits')
  .describe('The 6-digit code of the authenticator app');
/** A password being chosen (invitation, reset): 10 to 256 characters, nothing else asked of it. */
const NewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(PASSWORD_MAX_LENGTH)
  .describe(`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
/** A link's token: base62 of 256 bits. */
const LinkToken = z.string().regex(/^[0-9A-Za-z]{1,64}$/, 'not a link token');

export const SignInSchema = z
  .object({
    email: Email,
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    totp: TotpCode.optional().describe(
      'For users with two-factor sign-in; without it they get 401 totp_required',
    ),
  })
  .strict()
  .meta({ id: 'ConsoleSignIn' });

export const PasswordResetRequestSchema = z
  .object({ email: Email })
  .strict()
  .meta({ id: 'ConsolePasswordResetRequest' });

export const PasswordResetCompleteSchema = z
  .object({
    token: LinkToken,
    password: NewPassword,
    totp: TotpCode.optional().describe('For users with two-factor sign-in'),
  })
  .strict()
  .meta({ id: 'ConsolePasswordResetComplete' });

export const AcceptInvitationSchema = z
  .object({ token: LinkToken, password: NewPassword })
  .strict()
  .meta({ id: 'ConsoleAcceptInvitation' });

export const InvitationTokenParams = z.object({ token: LinkToken });

export const InvitationPreviewSchema = z
  .object({
    email: z.string(),
    role: z.enum(CONSOLE_ROLES),
    merchant: z.object({ name: z.string() }),
    expiresAt: z.string(),
  })
  .meta({ id: 'ConsoleInvitationPreview' });

export const TotpSetupSchema = z
  .object({
    secret: z.string().describe('Base32, for typing into an authenticator app'),
    uri: z.string().describe('otpauth:// URI, for a QR code'),
  })
  .meta({ id: 'ConsoleTotpSetup' });

/**
 * Turning two-factor on asks for the password as well as a code: a session alone (a browser left
 * signed in) must not be enough to bind the account to someone else's authenticator, which would
 * end the owner's other sessions and, since a reset then asks for a code too, lock them out.
 */
export const TotpEnableSchema = z
  .object({
    code: TotpCode,
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH).describe('The account’s current password'),
  })
  .strict()
  .meta({ id: 'ConsoleTotpEnable' });

export const TotpDisableSchema = z
  .union([
    z.object({ code: TotpCode }).strict(),
    z.object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) }).strict(),
  ])
  .meta({ id: 'ConsoleTotpDisable' });

export const ConsoleSessionSchema = z
  .object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      role: z.enum(CONSOLE_ROLES),
      totpEnabled: z.boolean().describe('Whether two-factor sign-in is on'),
    }),
    merchant: z.object({ id: z.string(), name: z.string() }),
    csrfToken: z.string().describe('Send it as X-CSRF-Token with every change (POST, PUT, PATCH, DELETE).'),
    expiresAt: z
      .string()
      .describe('When the session ends at the latest (it ends earlier after 30 idle minutes).'),
  })
  .meta({ id: 'ConsoleSession' });
