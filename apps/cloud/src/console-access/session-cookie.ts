// The console's session cookie: httpOnly (no script reads it), SameSite=Lax (no other site's
// form or fetch carries it on a POST), Path=/ and Secure when the cloud is reached over TLS or
// says it is behind TLS (CONSOLE_SECURE_COOKIE). Its lifetime is the session's absolute expiry.
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyRequest } from 'fastify';

const SESSION_COOKIE = 'fpos_session';

export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  return header ? parseCookie(header)[SESSION_COOKIE] : undefined;
}

const secure = (request: FastifyRequest, configured: boolean): boolean =>
  configured || request.protocol === 'https';

export const sessionCookie = (
  request: FastifyRequest,
  token: string,
  expiresAt: Date,
  configuredSecure: boolean,
): string =>
  stringifySetCookie({
    name: SESSION_COOKIE,
    value: token,
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secure(request, configuredSecure),
    expires: expiresAt,
  });

export const clearedSessionCookie = (request: FastifyRequest, configuredSecure: boolean): string =>
  stringifySetCookie({
    name: SESSION_COOKIE,
    value: '',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secure(request, configuredSecure),
    expires: new Date(0),
  });
