// Console users and signed-in browsers for tests: a user seeded straight into the database
// (argon2id hash included), and a session got by signing in over HTTP like a browser does.
import type { Database } from '../src/db/database.js';
import type { ConsoleRole } from '../src/db/schema.js';
import { insertConsoleUser } from '../src/console-users/console-user-store.js';
import { hashPassword } from '../src/console-users/passwords.js';
import type { Cloud } from '../src/server.js';
import { call, type ApiResponse } from './harness.js';

const TEST_CONSOLE_PASSWORD = 'correct horse battery staple';

let seeded = 0;

export interface SeededConsoleUser {
  id: string;
  email: string;
  password: string;
  role: ConsoleRole;
}

export async function seedConsoleUser(
  database: Database,
  options: { merchantId: string; role: ConsoleRole; email?: string; password?: string },
): Promise<SeededConsoleUser> {
  const email = options.email ?? `${options.role}-${++seeded}-${Date.now()}@shop.test`;
  const password = options.password ?? TEST_CONSOLE_PASSWORD;
  const user = await insertConsoleUser(database.db, {
    merchantId: options.merchantId,
    email,
    role: options.role,
    passwordHash: await hashPassword(password),
  });
  return { id: user.id, email: user.email, password, role: options.role };
}

export interface ConsoleBrowser {
  cookie: string;
  csrfToken: string;
  /** A console API call (path under /api/console/v1) with the cookie and the CSRF token. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse>;
}

/** Signs in over HTTP; throws unless the cloud answers 200 with a session cookie. */
export async function signInConsole(
  cloud: Cloud,
  credentials: { email: string; password: string },
): Promise<ConsoleBrowser> {
  const response = await call(cloud, 'POST', '/api/console/v1/auth/sign-in', {
    body: { email: credentials.email, password: credentials.password },
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${response.text}`);
  const cookie = response.headers.getSetCookie()[0]!.split(';')[0]!;
  const { csrfToken } = response.json() as { csrfToken: string };
  return {
    cookie,
    csrfToken,
    call: (method, path, body, headers = {}) =>
      call(cloud, method, `/api/console/v1${path}`, {
        body,
        headers: { cookie, 'x-csrf-token': csrfToken, ...headers },
      }),
  };
}

/** Polls until `probe` answers something other than undefined (mail is sent by a worker). */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** The latest message a mail-catcher holds for `to` once it has one, and the link token in it. */
export async function mailedLink(
  catcher: { adminUrl: string },
  to: string,
  page: 'invitation' | 'password-reset',
  seen: ReadonlySet<string> = new Set(),
): Promise<{ id: string; subject: string | null; text: string; token: string }> {
  return eventually(async () => {
    const messages = (await (await fetch(`${catcher.adminUrl}/api/messages`)).json()) as {
      id: string;
      to: string;
      subject: string | null;
      text: string;
    }[];
    const message = messages.filter((m) => m.to === to && !seen.has(m.id)).at(-1);
    const token = message && new RegExp(`/console/${page}/([0-9A-Za-z]+)`).exec(message.text)?.[1];
    return message && token ? { ...message, token } : undefined;
  }, `a ${page} mail to ${to}`);
}
