// The console's messages: an invitation and a password reset link, in plain text and HTML.
import type { ConsoleRole } from './roles.js';
import type { OutgoingMail } from '../mail/mail-outbox.js';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(paragraphs: string[], link: string, action: string): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html><html><body>\n${body}\n<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>\n<p>${escapeHtml(link)}</p>\n</body></html>`;
}

export function invitationMail(o: {
  to: string;
  merchantName: string;
  role: ConsoleRole;
  link: string;
  expiresAt: Date;
}): OutgoingMail {
  const lines = [
    `You are invited to the Fiscal POS console of ${o.merchantName} as ${o.role}.`,
    `Choose your password at the link below. It works once, until ${o.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    'If you did not expect this invitation, ignore this message.',
  ];
  return {
    kind: 'invitation',
    to: o.to,
    subject: `Invitation to the console of ${o.merchantName}`,
    text: `${lines.join('\n\n')}\n\n${o.link}\n`,
    html: html(lines, o.link, 'Accept the invitation'),
  };
}

export function passwordResetMail(o: { to: string; link: string; minutes: number }): OutgoingMail {
  const lines = [
    'Someone asked to reset the password of your Fiscal POS console account.',
    `Choose a new password at the link below. It works once, for ${o.minutes} minutes; signing in with it ends every other session.`,
    'If it was not you, ignore this message: your password stays as it is.',
  ];
  return {
    kind: 'password_reset',
    to: o.to,
    subject: 'Reset your Fiscal POS console password',
    text: `${lines.join('\n\n')}\n\n${o.link}\n`,
    html: html(lines, o.link, 'Choose a new password'),
  };
}
