// The administration API for the catalog beside products: categories, VAT rates, cashiers,
// and the catalog feed as a terminal will receive it (for the operator to inspect; terminals
// will read it at /api/device/v1/catalog with their device credential).
import { z } from 'zod';
import { MerchantParams } from '../merchants/merchant-params.js';
import { ProblemError, ProblemSchema } from '../http/problem.js';
import { defineRoute } from '../http/route.js';
import type { CloudRoute } from '../context.js';
import { operator } from '../operator-access/operator-auth.js';
import { requireMerchant } from '../merchants/merchants.js';
import { catalogChangesSince } from './catalog-changes.js';
import { CatalogFeed, CatalogFeedQuery, Cashier, Category, VatRate } from '@fiscal-pos/platform-protocol';
import {
  CashierList,
  CategoryBody,
  CategoryList,
  CreateCashierBody,
  SetVatRateBody,
  SettableVatCode,
  UpdateCashierBody,
  VatRateList,
} from './catalog-schemas.js';
import { createCashier, deleteCashier, listCashiers, updateCashier } from './cashiers.js';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories.js';
import { listVatRates, setVatRate } from './vat-rates.js';

const notFound = { description: 'No such merchant, category or cashier', schema: ProblemSchema };
const conflict = { description: 'The category still holds categories or products', schema: ProblemSchema };
const CategoryParams = MerchantParams.extend({ categoryId: z.string().max(100) });
const CashierParams = MerchantParams.extend({ cashierId: z.string().max(100) });

const listCategoriesRoute = defineRoute(operator(), {
  method: 'GET',
  path: '/merchants/{merchantId}/categories',
  operationId: 'adminListCategories',
  summary: "The merchant's live categories (parentId links the tree), by position",
  params: MerchantParams,
  responses: { 200: { description: 'Categories', schema: CategoryList }, 404: notFound },
  handler: async ({ ctx, params }) => {
    await requireMerchant(ctx.db, params.merchantId);
    return { status: 200, body: { data: await listCategories(ctx.db, params.merchantId) } };
  },
});

const createCategoryRoute = defineRoute(operator(), {
  method: 'POST',
  path: '/merchants/{merchantId}/categories',
  operationId: 'adminCreateCategory',
  summary: 'Creates a category, at the top or below a parent',
  params: MerchantParams,
  body: CategoryBody,
  responses: { 201: { description: 'Created', schema: Category }, 404: notFound },
  handler: async ({ ctx, params, body }) => {
    await requireMerchant(ctx.db, params.merchantId);
    return { status: 201, body: await createCategory(ctx.db, params.merchantId, body) };
  },
});

const updateCategoryRoute = defineRoute(operator(), {
  method: 'PUT',
  path: '/merchants/{merchantId}/categories/{categoryId}',
  operationId: 'adminUpdateCategory',
  summary: 'Renames, moves or reorders a category (never below itself)',
  params: CategoryParams,
  body: CategoryBody,
  responses: { 200: { description: 'The category', schema: Category }, 404: notFound },
  handler: async ({ ctx, params, body }) => {
    const category = await updateCategory(ctx.db, params.merchantId, params.categoryId, body);
    if (!category) throw new ProblemError('not_found', `No category ${params.categoryId}.`);
    return { status: 200, body: category };
  },
});

const deleteCategoryRoute = defineRoute(operator(), {
  method: 'DELETE',
  path: '/merchants/{merchantId}/categories/{categoryId}',
  operationId: 'adminDeleteCategory',
  summary: 'Deletes an empty category (a tombstone in the catalog feed)',
  params: CategoryParams,
  responses: { 204: { description: 'Deleted' }, 404: notFound, 409: conflict },
  handler: async ({ ctx, params }) => {
    if (!(await deleteCategory(ctx.db, params.merchantId, params.categoryId)))
      throw new ProblemError('not_found', `No category ${params.categoryId}.`);
    return { status: 204 };
  },
});

const listVatRatesRoute = defineRoute(operator(), {
  method: 'GET',
  path: '/merchants/{merchantId}/vat-rates',
  operationId: 'adminListVatRates',
  summary: 'Every VAT code with its rate (defaults for codes never set; `_` exempt)',
  params: MerchantParams,
  responses: { 200: { description: 'VAT rates', schema: VatRateList }, 404: notFound },
  handler: async ({ ctx, params }) => {
    await requireMerchant(ctx.db, params.merchantId);
    return { status: 200, body: { data: await listVatRates(ctx.db, params.merchantId) } };
  },
});

const setVatRateRoute = defineRoute(operator(), {
  method: 'PUT',
  path: '/merchants/{merchantId}/vat-rates/{code}',
  operationId: 'adminSetVatRate',
  summary: 'Sets the rate of a VAT code A-E in basis points (`_` is fixed)',
  params: MerchantParams.extend({ code: SettableVatCode }),
  body: SetVatRateBody,
  responses: { 200: { description: 'The rate', schema: VatRate }, 404: notFound },
  handler: async ({ ctx, params, body }) => {
    await requireMerchant(ctx.db, params.merchantId);
    return {
      status: 200,
      body: await setVatRate(ctx.db, params.merchantId, params.code, body.rateBasisPoints),
    };
  },
});

const listCashiersRoute = defineRoute(operator(), {
  method: 'GET',
  path: '/merchants/{merchantId}/cashiers',
  operationId: 'adminListCashiers',
  summary: "The merchant's cashiers (never their PINs)",
  params: MerchantParams,
  responses: { 200: { description: 'Cashiers', schema: CashierList }, 404: notFound },
  handler: async ({ ctx, params }) => {
    await requireMerchant(ctx.db, params.merchantId);
    return { status: 200, body: { data: await listCashiers(ctx.db, params.merchantId) } };
  },
});

const createCashierRoute = defineRoute(operator(), {
  method: 'POST',
  path: '/merchants/{merchantId}/cashiers',
  operationId: 'adminCreateCashier',
  summary: 'Creates a cashier with a 4-digit PIN (stored as a slow hash)',
  params: MerchantParams,
  body: CreateCashierBody,
  responses: { 201: { description: 'Created', schema: Cashier }, 404: notFound },
  handler: async ({ ctx, params, body }) => {
    await requireMerchant(ctx.db, params.merchantId);
    return { status: 201, body: await createCashier(ctx.db, params.merchantId, body) };
  },
});

const updateCashierRoute = defineRoute(operator(), {
  method: 'PUT',
  path: '/merchants/{merchantId}/cashiers/{cashierId}',
  operationId: 'adminUpdateCashier',
  summary: "Changes a cashier's name and role, and the PIN when one is sent",
  params: CashierParams,
  body: UpdateCashierBody,
  responses: { 200: { description: 'The cashier', schema: Cashier }, 404: notFound },
  handler: async ({ ctx, params, body }) => {
    const cashier = await updateCashier(ctx.db, params.merchantId, params.cashierId, body);
    if (!cashier) throw new ProblemError('not_found', `No cashier ${params.cashierId}.`);
    return { status: 200, body: cashier };
  },
});

const deleteCashierRoute = defineRoute(operator(), {
  method: 'DELETE',
  path: '/merchants/{merchantId}/cashiers/{cashierId}',
  operationId: 'adminDeleteCashier',
  summary: 'Deletes a cashier (a tombstone in the catalog feed)',
  params: CashierParams,
  responses: { 204: { description: 'Deleted' }, 404: notFound },
  handler: async ({ ctx, params }) => {
    if (!(await deleteCashier(ctx.db, params.merchantId, params.cashierId)))
      throw new ProblemError('not_found', `No cashier ${params.cashierId}.`);
    return { status: 204 };
  },
});

const catalogFeedRoute = defineRoute(operator(), {
  method: 'GET',
  path: '/merchants/{merchantId}/catalog',
  operationId: 'adminCatalogFeed',
  summary: 'The catalog feed after a cursor, exactly as a terminal receives it',
  description: 'See "Catalog feed" in docs/platform.md: changes in version order, tombstones, paging.',
  params: MerchantParams,
  query: CatalogFeedQuery,
  responses: { 200: { description: 'Changes after the cursor', schema: CatalogFeed }, 404: notFound },
  handler: async ({ ctx, params, query }) => {
    await requireMerchant(ctx.db, params.merchantId);
    return {
      status: 200,
      body: await catalogChangesSince(ctx.db, params.merchantId, Number(query.cursor), query.limit),
    };
  },
});

export const CATALOG_ADMIN_ROUTES: readonly CloudRoute[] = [
  listCategoriesRoute,
  createCategoryRoute,
  updateCategoryRoute,
  deleteCategoryRoute,
  listVatRatesRoute,
  setVatRateRoute,
  listCashiersRoute,
  createCashierRoute,
  updateCashierRoute,
  deleteCashierRoute,
  catalogFeedRoute,
];
