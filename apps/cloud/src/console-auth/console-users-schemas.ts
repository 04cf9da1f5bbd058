// What the console's user and invitation routes take and answer.
import { z } from 'zod';
import { CONSOLE_ROLES } from '../console-users/roles.js';

const Role = z.enum(CONSOLE_ROLES);

export const ConsoleUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: Role,
    totpEnabled: z.boolean().describe('Whether the user signs in with a second factor'),
    createdAt: z.string(),
  })
  .meta({ id: 'ConsoleUser' });

export const ConsoleInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: Role,
    createdAt: z.string(),
    expiresAt: z.string().describe('7 days after it was made'),
  })
  .meta({ id: 'ConsoleInvitation' });

export const InviteSchema = z
  .object({ email: z.string().trim().max(254).pipe(z.email()), role: Role })
  .strict()
  .meta({ id: 'ConsoleInvite' });

export const InvitedSchema = z
  .object({
    invitation: ConsoleInvitationSchema,
    mailed: z.boolean().describe('Whether the link was queued for mailing (false without SMTP_URL)'),
    link: z
      .string()
      .nullable()
      .describe('The invitation link when it was not mailed, to pass on; shown this once'),
  })
  .meta({ id: 'ConsoleInvited' });

export const UserRoleChangeSchema = z.object({ role: Role }).strict().meta({ id: 'ConsoleUserRoleChange' });

const Id = (prefix: string) =>
  z.string().regex(new RegExp(`^${prefix}_[0-9A-Za-z]{1,40}$`), `not a ${prefix}_ id`);
const UserId = Id('usr');
export const UserIdParams = z.object({ userId: UserId });
export const UserRefSchema = z.object({ userId: UserId }).strict().meta({ id: 'ConsoleUserRef' });
export const InvitationIdParams = z.object({ invitationId: Id('inv') });
