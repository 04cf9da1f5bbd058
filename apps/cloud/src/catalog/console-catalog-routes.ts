// The console's catalog beside products under /api/console/v1: the category tree (list,
// create, rename, move, delete), cashiers (list, create, rename, deactivate, PIN reset) and the
// VAT rates (read). Viewers read; managers and owners write. Each handler calls the use case
// the administration API calls, with the session's merchant: another merchant's id is 404.
import { randomInt } from 'node:crypto';
import { Cashier, Category } from '@fiscal-pos/platform-protocol';
import { z } from 'zod';
import { consoleUser } from '../console-access/console-user.js';
import type { CloudRoute } from '../context.js';
import { ProblemError, ProblemSchema } from '../http/problem.js';
import { defineRoute } from '../http/route.js';
import { createCashier, deleteCashier, listCashiers, updateCashier } from './cashiers.js';
import {
  CashierList,
  CategoryBody,
  CategoryList,
  CreateCashierBody,
  Pin,
  UpdateCashierBody,
  VatRateList,
} from './catalog-schemas.js';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories.js';
import { listVatRates } from './vat-rates.js';

const viewer = consoleUser({ role: 'viewer' });
const manager = consoleUser({ role: 'manager' });

const IdParams = z.object({ id: z.string().min(1).max(100) });
const invalid = { description: 'Bad input (errors[] names the fields)', schema: ProblemSchema };
const noCategory = { description: 'No such category of the merchant', schema: ProblemSchema };
const noCashier = { description: 'No such cashier of the merchant', schema: ProblemSchema };

const listCategoriesRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/categories',
  operationId: 'consoleListCategories',
  summary: 'The category tree: every live category with its parentId, by position then name',
  responses: { 200: { description: 'Categories', schema: CategoryList } },
  handler: async ({ ctx, user }) => ({
    status: 200,
    body: { data: await listCategories(ctx.db, user.merchantId) },
  }),
});

const createCategoryRoute = defineRoute(manager, {
  method: 'POST',
  path: '/categories',
  operationId: 'consoleCreateCategory',
  summary: 'Creates a category at the top or below a parent',
  body: CategoryBody,
  responses: { 201: { description: 'Created', schema: Category }, 400: invalid },
  handler: async ({ ctx, user, body }) => ({
    status: 201,
    body: await createCategory(ctx.db, user.merchantId, body),
  }),
});

const CategoryChangeBody = z
  .object({
    name: CategoryBody.shape.name.optional(),
    parentId: z.string().max(100).nullable().optional().describe('Moves it: null to the top'),
    position: CategoryBody.shape.position.removeDefault().optional(),
  })
  .meta({ id: 'ConsoleCategoryChange' });

const updateCategoryRoute = defineRoute(manager, {
  method: 'PATCH',
  path: '/categories/{id}',
  operationId: 'consoleUpdateCategory',
  summary: 'Renames, moves or reorders a category (never below itself); fields left out stay',
  params: IdParams,
  body: CategoryChangeBody,
  responses: { 200: { description: 'The category', schema: Category }, 400: invalid, 404: noCategory },
  handler: async ({ ctx, user, params, body }) => {
    const category = await updateCategory(ctx.db, user.merchantId, params.id, body);
    if (!category) throw new ProblemError('not_found', `No category ${params.id}.`);
    return { status: 200, body: category };
  },
});

const deleteCategoryRoute = defineRoute(manager, {
  method: 'DELETE',
  path: '/categories/{id}',
  operationId: 'consoleDeleteCategory',
  summary: 'Deletes an empty category',
  params: IdParams,
  responses: {
    204: { description: 'Deleted' },
    404: noCategory,
    409: { description: 'It still holds categories or products: move them first', schema: ProblemSchema },
  },
  handler: async ({ ctx, user, params }) => {
    if (!(await deleteCategory(ctx.db, user.merchantId, params.id)))
      throw new ProblemError('not_found', `No category ${params.id}.`);
    return { status: 204 };
  },
});

const listCashiersRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/cashiers',
  operationId: 'consoleListCashiers',
  summary: 'The cashiers who may open a shift on the terminals (never their PINs)',
  responses: { 200: { description: 'Cashiers', schema: CashierList } },
  handler: async ({ ctx, user }) => ({
    status: 200,
    body: { data: await listCashiers(ctx.db, user.merchantId) },
  }),
});

const createCashierRoute = defineRoute(manager, {
  method: 'POST',
  path: '/cashiers',
  operationId: 'consoleCreateCashier',
  summary: 'Creates a cashier with a 4-digit PIN (kept only as a slow hash)',
  body: CreateCashierBody,
  responses: { 201: { description: 'Created', schema: Cashier }, 400: invalid },
  handler: async ({ ctx, user, body }) => ({
    status: 201,
    body: await createCashier(ctx.db, user.merchantId, body),
  }),
});

const CashierChangeBody = UpdateCashierBody.pick({ name: true, role: true })
  .partial()
  .meta({ id: 'ConsoleCashierChange' });

const updateCashierRoute = defineRoute(manager, {
  method: 'PATCH',
  path: '/cashiers/{id}',
  operationId: 'consoleUpdateCashier',
  summary: 'Renames a cashier or changes the role; the PIN has its own reset',
  params: IdParams,
  body: CashierChangeBody,
  responses: { 200: { description: 'The cashier', schema: Cashier }, 400: invalid, 404: noCashier },
  handler: async ({ ctx, user, params, body }) => {
    const cashier = await updateCashier(ctx.db, user.merchantId, params.id, body);
    if (!cashier) throw new ProblemError('not_found', `No cashier ${params.id}.`);
    return { status: 200, body: cashier };
  },
});

const PinResetBody = z
  .object({ pin: Pin.optional().describe('The new PIN; when left out the cloud draws one at random') })
  .meta({ id: 'ConsolePinReset' });

const resetPinRoute = defineRoute(consoleUser({ role: 'manager', shownOnce: ['pin'] }), {
  method: 'POST',
  path: '/cashiers/{id}/pin-reset',
  operationId: 'consoleResetCashierPin',
  summary: "Sets a cashier's new PIN (the one given, or a random one shown in this answer only)",
  description: 'Terminals learn the new PIN with their next catalog sync; the old one stops working then.',
  params: IdParams,
  body: PinResetBody,
  responses: {
    200: {
      description: 'The cashier and the new PIN (shown once)',
      schema: z.object({ cashier: Cashier, pin: z.string() }).meta({ id: 'ConsolePinResetDone' }),
    },
    400: invalid,
    404: noCashier,
  },
  handler: async ({ ctx, user, params, body }) => {
    const pin = body.pin ?? String(randomInt(10_000)).padStart(4, '0');
    const cashier = await updateCashier(ctx.db, user.merchantId, params.id, { pin });
    if (!cashier) throw new ProblemError('not_found', `No cashier ${params.id}.`);
    return { status: 200, body: { cashier, pin } };
  },
});

const deleteCashierRoute = defineRoute(manager, {
  method: 'DELETE',
  path: '/cashiers/{id}',
  operationId: 'consoleDeactivateCashier',
  summary: 'Deactivates a cashier: terminals refuse their PIN after the next catalog sync',
  params: IdParams,
  responses: { 204: { description: 'Deactivated' }, 404: noCashier },
  handler: async ({ ctx, user, params }) => {
    if (!(await deleteCashier(ctx.db, user.merchantId, params.id)))
      throw new ProblemError('not_found', `No cashier ${params.id}.`);
    return { status: 204 };
  },
});

const listVatRatesRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/vat-rates',
  operationId: 'consoleListVatRates',
  summary: 'Every VAT code with its rate (defaults for codes never set; `_` exempt)',
  responses: { 200: { description: 'VAT rates', schema: VatRateList } },
  handler: async ({ ctx, user }) => ({
    status: 200,
    body: { data: await listVatRates(ctx.db, user.merchantId) },
  }),
});

export const CONSOLE_CATALOG_ROUTES: readonly CloudRoute[] = [
  listCategoriesRoute,
  createCategoryRoute,
  updateCategoryRoute,
  deleteCategoryRoute,
  listCashiersRoute,
  createCashierRoute,
  updateCashierRoute,
  resetPinRoute,
  deleteCashierRoute,
  listVatRatesRoute,
];
