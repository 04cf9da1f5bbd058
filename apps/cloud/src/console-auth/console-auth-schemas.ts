// What the console's sign-in and session routes take and answer. The console's page imports
// these schemas to check its forms as the cloud will: import nothing here but zod and modules
// that import nothing (no database, no argon2), or the page's build breaks.
import { z } from 'zod';
import { CONSOLE_ROLES } from '../console-users/roles.js';
import { PASSWORD_MAX_LENGTH } from '../console-users/password-rules.js';

export const SignInSchema = z
  .object({
    email: z.string().trim().max(254).pipe(z.email()),
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .strict()
  .meta({ id: 'ConsoleSignIn' });

export const ConsoleSessionSchema = z
  .object({
    user: z.object({ id: z.string(), email: z.string(), role: z.enum(CONSOLE_ROLES) }),
    merchant: z.object({ id: z.string(), name: z.string() }),
    csrfToken: z.string().describe('Send it as X-CSRF-Token with every change (POST, PUT, PATCH, DELETE).'),
    expiresAt: z
      .string()
      .describe('When the session ends at the latest (it ends earlier after 30 idle minutes).'),
  })
  .meta({ id: 'ConsoleSession' });
