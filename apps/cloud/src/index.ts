// Public surface of the cloud app for other workspaces, tests and the benchmark.
export { loadConfig, type CloudConfig, type WebhookConfig } from './config.js';
export { openDatabase, fromPglite, type Database, type Db } from './db/database.js';
export { migrate } from './db/migrate.js';
export { startCloud, type Cloud } from './server.js';
export { buildApp } from './http/app.js';
export { createMerchant, setIntegrationActive } from './merchants/merchants.js';
export { createKey, revokeKey, rotateKey } from './keys/keys.js';
export { SCOPES, type Scope } from './keys/scopes.js';
export { saveProduct, deleteProduct, setStock, saveContentBlock } from './products/save-product.js';
export { seedDemo } from './admin/seed-demo.js';
export { EVENT_TYPES, type EventType } from './events/event-types.js';
export { V1_ROUTES } from './routes.js';
