// Every operation the cloud audits (the operator's and the console's changes, and sign-ins) has
// its words on the Activity page in every language, and no label is left for an operation that
// is gone: a new audited route without its label fails here.
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../../cloud/src/routes.js';
import { en } from '../src/i18n/en.js';
import { ro } from '../src/i18n/ro.js';
import { ru } from '../src/i18n/ru.js';

const AUDITED = [
  ...new Set(ALL_ROUTES.filter((route) => route.audited).map((route) => route.operationId)),
].sort();

describe('the Activity page’s labels', () => {
  it('cover the operator’s changes, the console’s and its sign-ins', () => {
    expect(AUDITED).toEqual(
      expect.arrayContaining(['adminCreateTerminal', 'consoleCreateTerminal', 'consoleSignIn']),
    );
  });

  it.each([
    ['en', en],
    ['ro', ro],
    ['ru', ru],
  ])('name every audited operation, and only those, in %s', (_, messages) => {
    expect(Object.keys(messages.activity.actions).sort()).toEqual(AUDITED);
    expect(AUDITED).toEqual(expect.arrayContaining(Object.keys(messages.activity.refusedActions)));
    for (const label of Object.values(messages.activity.actions)) expect(label).toMatch(/\S/);
  });
});
