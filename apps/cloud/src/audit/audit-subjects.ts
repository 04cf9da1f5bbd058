// What an audited operation changed, for the Activity page: its kind, id and name. The name is
// looked up where the thing is stored when the change is made and kept in the audit row, so a
// renamed or deleted thing still reads as it was then; the request body is never read for it
// (it may carry stock or secrets). Every audited operation is listed here (a test walks the
// routes), with the subject it changes or `null` for none in particular (sign-in, an import).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/database.js';
import {
  apiKeys,
  cashiers,
  categories,
  consoleInvitations,
  consoleUsers,
  contentBlocks,
  merchants,
  orders,
  products,
  terminals,
  webhookEndpoints,
} from '../db/schema.js';

/** The kinds of things the Activity page names (its translations are keyed by these). */
export const SUBJECT_KINDS = [
  'merchant',
  'terminal',
  'integration-key',
  'category',
  'cashier',
  'product',
  'content-block',
  'vat-rate',
  'order',
  'webhook',
  'user',
  'invitation',
] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

/** A thing found: its name, and the merchant it belongs to. */
interface Found {
  name: string;
  merchantId: string;
}

/** Looks a thing up by id, in the merchant's things only when a merchant is known. */
type Lookup = (db: Queryable, id: string, merchantId: string | null) => Promise<Found | undefined>;

interface SubjectSpec {
  kind: SubjectKind;
  /** The path segments its id follows (`/terminals/{id}`), in the console's and the operator's paths. */
  collections: readonly string[];
  /** Where a create's answer carries the new id: `id`, or `<field>.id`. */
  answerField?: string;
  /** The request body's field naming it, for a path that does not (signing a user out). */
  bodyField?: string;
  lookup?: Lookup;
}

/**
 * Looks a row up by `key`, answering `name` (an SQL expression of its columns) and `merchant`,
 * in the merchant's rows only when a merchant is known.
 */
const lookupIn =
  (table: PgTable, columns: { key: PgColumn; name: SQL | PgColumn; merchant: PgColumn }): Lookup =>
  async (db, id, merchantId) => {
    const [row] = await db
      .select({ name: sql<string>`${columns.name}`, merchantId: sql<string>`${columns.merchant}` })
      .from(table)
      .where(and(eq(columns.key, id), merchantId === null ? undefined : eq(columns.merchant, merchantId)))
      .limit(1);
    return row;
  };

/** Tables with an id, a merchant and a name column. */
const named = (table: PgTable & { id: PgColumn; merchantId: PgColumn; name: PgColumn }): Lookup =>
  lookupIn(table, { key: table.id, name: table.name, merchant: table.merchantId });

/** A product as the console shows it: by its Romanian name, which every product has. */
const productName = sql`${products.name}->>'ro'`;

const userLookup = lookupIn(consoleUsers, {
  key: consoleUsers.id,
  name: consoleUsers.email,
  merchant: consoleUsers.merchantId,
});

const SPECS = {
  merchant: {
    kind: 'merchant',
    collections: ['merchants'],
    answerField: 'id',
    lookup: lookupIn(merchants, { key: merchants.id, name: merchants.name, merchant: merchants.id }),
  },
  terminal: {
    kind: 'terminal',
    collections: ['terminals'],
    answerField: 'terminal',
    lookup: named(terminals),
  },
  key: {
    kind: 'integration-key',
    collections: ['keys', 'integration-keys'],
    answerField: 'id',
    lookup: named(apiKeys),
  },
  category: { kind: 'category', collections: ['categories'], answerField: 'id', lookup: named(categories) },
  cashier: { kind: 'cashier', collections: ['cashiers'], answerField: 'id', lookup: named(cashiers) },
  product: {
    kind: 'product',
    collections: ['products'],
    answerField: 'id',
    lookup: lookupIn(products, { key: products.id, name: productName, merchant: products.merchantId }),
  },
  /** The administration API names products by the merchant's code. */
  productByCode: {
    kind: 'product',
    collections: ['products'],
    lookup: lookupIn(products, { key: products.code, name: productName, merchant: products.merchantId }),
  },
  contentBlock: {
    kind: 'content-block',
    collections: ['content-blocks'],
    lookup: lookupIn(contentBlocks, {
      key: contentBlocks.key,
      name: sql`${contentBlocks.labels}->>'ro'`,
      merchant: contentBlocks.merchantId,
    }),
  },
  /** A VAT rate is named by its code (A to E): its id says it all. */
  vatRate: { kind: 'vat-rate', collections: ['vat-rates'] },
  order: {
    kind: 'order',
    collections: ['orders'],
    // The order's number in the shop that sent it.
    lookup: lookupIn(orders, { key: orders.id, name: orders.externalOrderId, merchant: orders.merchantId }),
  },
  webhook: {
    kind: 'webhook',
    collections: ['webhooks'],
    answerField: 'id',
    // By its description, or the host it posts to: the rest of its URL may carry a token.
    lookup: lookupIn(webhookEndpoints, {
      key: webhookEndpoints.id,
      name: sql`coalesce(${webhookEndpoints.description}, substring(${webhookEndpoints.url} from '^[a-z]+://([^/?#]+)'))`,
      merchant: webhookEndpoints.merchantId,
    }),
  },
  user: { kind: 'user', collections: ['users'], lookup: userLookup },
  /** Signing a user out everywhere names them in the body. */
  userInBody: { kind: 'user', collections: [], bodyField: 'userId', lookup: userLookup },
  invitation: {
    kind: 'invitation',
    collections: ['invitations'],
    answerField: 'invitation',
    lookup: lookupIn(consoleInvitations, {
      key: consoleInvitations.id,
      name: consoleInvitations.email,
      merchant: consoleInvitations.merchantId,
    }),
  },
} as const satisfies Record<string, SubjectSpec>;

type Spec = keyof typeof SPECS;

/** Every audited operation and what it changes (null: no one thing). */
const OPERATION_SUBJECTS: Readonly<Record<string, Spec | null>> = {
  // The administration API.
  adminCreateMerchant: 'merchant',
  adminUpdateMerchant: 'merchant',
  adminSwitchIntegration: 'merchant',
  adminCreateKey: 'key',
  adminRotateKey: 'key',
  adminRevokeKey: 'key',
  adminSaveProduct: 'productByCode',
  adminDeleteProduct: 'productByCode',
  adminSetStock: 'productByCode',
  adminFulfillOrder: 'order',
  adminResealWebhookSecrets: null,
  adminSeedDemo: null,
  adminCreateCategory: 'category',
  adminUpdateCategory: 'category',
  adminDeleteCategory: 'category',
  adminSetVatRate: 'vatRate',
  adminCreateCashier: 'cashier',
  adminUpdateCashier: 'cashier',
  adminDeleteCashier: 'cashier',
  adminCreateTerminal: 'terminal',
  adminRenameTerminal: 'terminal',
  adminDeactivateTerminal: 'terminal',
  adminIssueActivationCode: 'terminal',
  adminRotateTerminalApiKey: 'terminal',
  // The console: signing in and the account (the actor is the subject).
  consoleSignIn: null,
  consoleSignOut: null,
  consoleSignOutEverywhere: null,
  consoleCompletePasswordReset: null,
  consoleAcceptInvitation: null,
  consoleSetUpTotp: null,
  consoleEnableTotp: null,
  consoleDisableTotp: null,
  // The console's changes.
  consoleInviteUser: 'invitation',
  consoleRevokeInvitation: 'invitation',
  consoleChangeUserRole: 'user',
  consoleRemoveUser: 'user',
  consoleSignUserOutEverywhere: 'userInBody',
  consoleCreateTerminal: 'terminal',
  consoleRenameTerminal: 'terminal',
  consoleIssueActivationCode: 'terminal',
  consoleDeactivateTerminal: 'terminal',
  consoleRotateTerminalApiKey: 'terminal',
  consoleTestTerminal: 'terminal',
  consoleCreateIntegrationKey: 'key',
  consoleRotateIntegrationKey: 'key',
  consoleRevokeIntegrationKey: 'key',
  consoleSetIntegrationModule: null,
  consoleCreateCategory: 'category',
  consoleUpdateCategory: 'category',
  consoleDeleteCategory: 'category',
  consoleCreateCashier: 'cashier',
  consoleUpdateCashier: 'cashier',
  consoleResetCashierPin: 'cashier',
  consoleDeactivateCashier: 'cashier',
  consoleImportProducts: null,
  consoleCreateProduct: 'product',
  consoleUpdateProduct: 'product',
  consoleDeactivateProduct: 'product',
  consoleActivateProduct: 'product',
  consoleDeleteProduct: 'product',
  consoleSaveContentBlock: 'contentBlock',
  consoleAdjustStock: 'product',
  confirmConsoleOrder: 'order',
  cancelConsoleOrder: 'order',
  fulfilConsoleOrder: 'order',
  createConsoleWebhook: 'webhook',
  deleteConsoleWebhook: 'webhook',
  enableConsoleWebhook: 'webhook',
  disableConsoleWebhook: 'webhook',
  redeliverConsoleWebhook: 'webhook',
  rotateConsoleWebhookSecret: 'webhook',
  testConsoleWebhook: 'webhook',
};

/** The operations listed above (a test asserts they are the audited routes', no more, no fewer). */
export const DECLARED_OPERATIONS: readonly string[] = Object.keys(OPERATION_SUBJECTS);

const specOf = (operationId: string): SubjectSpec | undefined => {
  const spec = OPERATION_SUBJECTS[operationId];
  return spec === null || spec === undefined ? undefined : SPECS[spec];
};

/**
 * The id that follows the subject's collection in a path: `/terminals/trm_1/deactivate` -> trm_1.
 * None for a subject the body names (`/users/sign-out-everywhere` names no user).
 */
function idInPath(spec: SubjectSpec, path: string): string | undefined {
  if (spec.bodyField !== undefined) return undefined;
  const segments = path.split('/');
  const at = segments.findLastIndex((segment) => spec.collections.includes(segment));
  const id = at === -1 ? undefined : segments[at + 1];
  return id === undefined || id === '' ? undefined : decodeURIComponent(id);
}

const stringField = (value: unknown, field: string): string | undefined => {
  if (value === null || typeof value !== 'object') return undefined;
  const found = (value as Record<string, unknown>)[field];
  return typeof found === 'string' ? found : undefined;
};

/** The id a create's answer carries (`id`, or the id of the object under `answerField`). */
function idInAnswer(spec: SubjectSpec, answer: unknown): string | undefined {
  if (spec.answerField === undefined || answer === null || typeof answer !== 'object') return undefined;
  if (spec.answerField === 'id') return stringField(answer, 'id');
  return stringField((answer as Record<string, unknown>)[spec.answerField], 'id');
}

/** What the audit row says was changed; undefined fields are left null. */
export interface Subject {
  kind: SubjectKind;
  id: string | undefined;
  name: string | undefined;
  /** The merchant the thing belongs to, when it was found. */
  merchantId: string | undefined;
}

/** The subject as an old row's operation and path say it, without a name (rows before 0019). */
export function subjectOfPath(operationId: string, path: string): Subject | undefined {
  const spec = specOf(operationId);
  return spec && { kind: spec.kind, id: idInPath(spec, path), name: undefined, merchantId: undefined };
}

/** Finds one change's subject around it (see subjectFinder). */
export interface SubjectFinder {
  /** Reads the name of the thing the request names, before the change (a deletion loses it). */
  before(db: Queryable, merchantId: string | null): Promise<void>;
  /**
   * The subject once the change answered (a new thing's id is in the answer, a renamed one has
   * its new name), or was refused (`answer` undefined: what was read before).
   */
  after(db: Queryable, merchantId: string | null, answer?: { body?: unknown }): Promise<Subject | undefined>;
}

export function subjectFinder(operationId: string, request: { path: string; body: unknown }): SubjectFinder {
  const spec = specOf(operationId);
  if (spec === undefined) return { before: () => Promise.resolve(), after: () => Promise.resolve(undefined) };
  const named =
    idInPath(spec, request.path) ??
    (spec.bodyField === undefined ? undefined : stringField(request.body, spec.bodyField));
  const lookup = async (db: Queryable, id: string | undefined, merchantId: string | null) =>
    id === undefined || spec.lookup === undefined ? undefined : spec.lookup(db, id, merchantId);
  let before: Found | undefined;
  return {
    before: async (db, merchantId) => {
      before = await lookup(db, named, merchantId);
    },
    after: async (db, merchantId, answer) => {
      const id = named ?? (answer === undefined ? undefined : idInAnswer(spec, answer.body));
      const now = answer === undefined ? undefined : await lookup(db, id, merchantId);
      const found = now ?? before;
      return { kind: spec.kind, id, name: found?.name, merchantId: found?.merchantId };
    },
  };
}
