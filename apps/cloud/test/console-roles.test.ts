// Every console route against every role, read from the route list itself: for each route of
// the console audience, a user with a role below its declared least role gets 403
// role_forbidden, and a user with that role gets past the role check (whatever the route then
// answers). Routes added later are covered without touching this file. Each call is made from a
// fresh sign-in, since some routes end the session they are called with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ROLES, type ConsoleRole } from '../src/console-users/roles.js';
import { ALL_ROUTES } from '../src/routes.js';
import type { Cloud } from '../src/server.js';
import { seedConsoleUser, signInConsole, type SeededConsoleUser } from './console-harness.js';
import {
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  testConfig,
  type TestDatabase,
} from './harness.js';

const CONSOLE_ROUTES = ALL_ROUTES.filter((route) => route.access === 'console').map((route) => ({
  route,
  least: route.role as ConsoleRole,
  name: `${route.method} ${route.path} (${route.role})`,
}));

const below = (role: ConsoleRole) => CONSOLE_ROLES.slice(0, CONSOLE_ROLES.indexOf(role));

describe.each(DRIVERS)('console roles on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  const users = {} as Record<ConsoleRole, SeededConsoleUser>;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    const { merchantId } = await seedMerchant(database);
    for (const role of CONSOLE_ROLES) users[role] = await seedConsoleUser(database, { merchantId, role });
    cloud = await startTestCloud(database, {
      console: {
        ...testConfig().console,
        signIn: { maxPerAddress: 100_000, maxPerAccount: 100_000, windowMs: 60_000 },
      },
    });
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  it('finds the console routes, each with a least role', () => {
    expect(CONSOLE_ROUTES.length).toBeGreaterThanOrEqual(13);
    for (const { route, least } of CONSOLE_ROUTES) expect(CONSOLE_ROLES, route.operationId).toContain(least);
    expect(CONSOLE_ROUTES.map((r) => r.least)).toContain('owner');
  });

  it('declares the roles docs/console.md gives the users routes (invite, change a role, remove: owner)', () => {
    const roleOf = (operationId: string) =>
      CONSOLE_ROUTES.find((r) => r.route.operationId === operationId)?.least;
    for (const operationId of [
      'consoleInviteUser',
      'consoleRevokeInvitation',
      'consoleChangeUserRole',
      'consoleRemoveUser',
      'consoleSignUserOutEverywhere',
    ])
      expect(roleOf(operationId), operationId).toBe('owner');
    for (const operationId of ['consoleListUsers', 'consoleListInvitations', 'consoleGetSession'])
      expect(roleOf(operationId), operationId).toBe('viewer');
  });

  it.each(CONSOLE_ROUTES)('$name: refused below its role, let through with it', async ({ route, least }) => {
    // Path parameters name nothing: the role is checked before any lookup or parsing.
    const path = route.path.replace('/api/console/v1', '').replace(/\{\w+\}/g, 'none_0');
    const body = route.body ? {} : undefined;
    for (const role of below(least)) {
      const browser = await signInConsole(cloud, users[role]);
      const refused = await browser.call(route.method, path, body);
      expect(refused.status, `${role}: ${refused.text}`).toBe(403);
      expect(refused.json().code).toBe('role_forbidden');
    }
    const browser = await signInConsole(cloud, users[least]);
    const allowed = await browser.call(route.method, path, body);
    expect(allowed.status, `${least}: ${allowed.text}`).not.toBe(401);
    if (allowed.status === 403) expect(allowed.json().code).not.toBe('role_forbidden');
  });
});
