import { z } from 'zod';

export const PasswordResetBody = z.object({ email: z.email().max(254) });
export const PasswordResetCompleteBody = z.object({
  token: z.string().min(1),
  password: z.string().min(12).max(200),
});
export const InvitationAcceptBody = PasswordResetCompleteBody;
export const InviteUserBody = z.object({
  email: z.email().max(254),
  role: z.enum(['viewer', 'manager', 'owner']),
});
