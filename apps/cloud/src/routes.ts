// Every endpoint, in the order the OpenAPI document lists them.
import { ADMIN_ROUTES } from './admin/admin-routes.js';
import { CONSOLE_ACTIVITY_ROUTES } from './activity/console-activity-routes.js';
import { CONSOLE_AUTH_ROUTES } from './console-auth/console-auth-routes.js';
import { CONSOLE_SALES_ROUTES } from './documents/console-sales-routes.js';
import { CONSOLE_ORDER_ROUTES } from './orders/console-orders-routes.js';
import { CONSOLE_WEBHOOK_ROUTES } from './webhooks/console-webhooks-routes.js';
import { CONSOLE_USERS_ROUTES } from './console-auth/console-users-routes.js';
import { FLEET_CONSOLE_ROUTES } from './fleet/fleet-console-routes.js';
import { CONSOLE_CATALOG_ROUTES } from './catalog/console-catalog-routes.js';
import { CONSOLE_PRODUCT_ROUTES } from './products/console-product-routes.js';
import type { CloudRoute } from './context.js';
import {
  cancelOrderRoute,
  confirmOrderRoute,
  createOrderRoute,
  getOrderRoute,
  listOrdersRoute,
} from './orders/orders-routes.js';
import { CATALOG_ADMIN_ROUTES } from './catalog/catalog-admin-routes.js';
import { getSaleRoute, listSalesRoute } from './documents/sales-routes.js';
import { pingRoute } from './ping/ping.js';
import { DEVICE_ROUTES } from './terminals/device-routes.js';
import { RELAY_ROUTES } from './relay/relay-routes.js';
import { TERMINAL_ADMIN_ROUTES } from './terminals/terminal-admin-routes.js';
import {
  createAdjustmentRoute,
  createProductRoute,
  deleteProductRoute,
  updateProductRoute,
} from './products/product-write-routes.js';
import {
  getInventoryRoute,
  getProductRoute,
  listContentBlocksRoute,
  listProductsRoute,
} from './products/products-routes.js';
import {
  createWebhookRoute,
  deleteWebhookRoute,
  listDeliveriesRoute,
  listWebhooksRoute,
  pingWebhookRoute,
  redeliverRoute,
  rotateWebhookSecretRoute,
} from './webhooks/webhooks-routes.js';

export const V1_ROUTES: readonly CloudRoute[] = [
  pingRoute,
  listProductsRoute,
  getProductRoute,
  createProductRoute,
  updateProductRoute,
  deleteProductRoute,
  listContentBlocksRoute,
  getInventoryRoute,
  createAdjustmentRoute,
  createOrderRoute,
  listOrdersRoute,
  getOrderRoute,
  confirmOrderRoute,
  cancelOrderRoute,
  listSalesRoute,
  getSaleRoute,
  createWebhookRoute,
  listWebhooksRoute,
  deleteWebhookRoute,
  pingWebhookRoute,
  listDeliveriesRoute,
  redeliverRoute,
  rotateWebhookSecretRoute,
];

export const ALL_ROUTES: readonly CloudRoute[] = [
  ...V1_ROUTES,
  ...ADMIN_ROUTES,
  ...CATALOG_ADMIN_ROUTES,
  ...TERMINAL_ADMIN_ROUTES,
  ...DEVICE_ROUTES,
  ...RELAY_ROUTES,
  ...CONSOLE_AUTH_ROUTES,
  ...CONSOLE_SALES_ROUTES,
  ...CONSOLE_ORDER_ROUTES,
  ...CONSOLE_WEBHOOK_ROUTES,
  ...CONSOLE_USERS_ROUTES,
  ...FLEET_CONSOLE_ROUTES,
  ...CONSOLE_CATALOG_ROUTES,
  ...CONSOLE_PRODUCT_ROUTES,
  ...CONSOLE_ACTIVITY_ROUTES,
];
