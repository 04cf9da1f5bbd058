// The bodies of the console routes the cloud does not declare yet (api/pending-api.ts), as the
// pages check them. When the cloud declares a route, import its schema through cloud-schemas.ts
// and delete the one here.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../cloud/src/console-users/password-rules.js';

export const PasswordResetBody = z.object({ email: z.email().max(254) });
export const TokenPasswordBody = z.object({
  token: z.string().min(1),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
});
export const InviteUserBody = z.object({
  email: z.email().max(254),
  role: z.enum(['viewer', 'manager', 'owner']),
});
