// The random tokens the console hands out: session cookies, invitation and password reset links.
// 256 random bits each; only their SHA-256 is stored, so a copy of the tables opens nothing.
import { createHash, randomBytes } from 'node:crypto';
import { base62 } from '../ids.js';

export const newSecretToken = (): string => base62(randomBytes(32));

export const hashSecretToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');
