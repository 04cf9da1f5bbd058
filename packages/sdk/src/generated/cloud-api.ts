// Generated from docs/cloud-openapi.json by openapi-typescript: do not edit.
// Regenerate with `npm run generate -w @fiscal-pos/sdk`.

export interface paths {
    "/api/public/v1/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Confirms the key, its merchant and its scopes
         * @description Needs any valid key.
         */
        get: operations["ping"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Products with on-hand stock, oldest change first, cursor-paginated
         * @description Needs a key with one of the scopes: products:read.
         */
        get: operations["listProducts"];
        put?: never;
        /**
         * Creates a product (emits product.created); stock starts at 0, see inventory adjustments
         * @description A deleted product with the same code comes back under its old id.
         *
         *     Needs a key with one of the scopes: products:write.
         */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/products/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One product with its content blocks
         * @description Needs a key with one of the scopes: products:read.
         */
        get: operations["getProduct"];
        /**
         * Replaces a product's catalog fields (emits product.updated); stock is untouched
         * @description The body may give the product another code: its URL is then the new one.
         *
         *     Needs a key with one of the scopes: products:write.
         */
        put: operations["updateProduct"];
        post?: never;
        /**
         * Deletes a product (emits product.deleted; lists with updatedSince show it deleted)
         * @description Needs a key with one of the scopes: products:write.
         */
        delete: operations["deleteProduct"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/content-blocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant's editorial block definitions, in display order
         * @description Needs a key with one of the scopes: products:read.
         */
        get: operations["listContentBlocks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * On-hand quantity of one product
         * @description Needs a key with one of the scopes: inventory:read.
         */
        get: operations["getInventory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/inventory/adjustments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Adds to or removes from on-hand stock (a ledger movement; emits inventory.updated)
         * @description The Idempotency-Key header is required: a retry with the same key and body returns the first adjustment (200, Idempotent-Replayed: true) and moves nothing; another body is 409.
         *
         *     Needs a key with one of the scopes: inventory:write.
         */
        post: operations["createInventoryAdjustment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Orders, oldest change first, cursor-paginated
         * @description Needs a key with one of the scopes: orders:read, orders:write.
         */
        get: operations["listOrders"];
        put?: never;
        /**
         * Creates a customer order in Draft (no fiscal document); idempotent on externalOrderId
         * @description Needs a key with one of the scopes: orders:write.
         */
        post: operations["createOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One order
         * @description Needs a key with one of the scopes: orders:read, orders:write.
         */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/orders/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirms a draft order (checkout completed); idempotent
         * @description Needs a key with one of the scopes: orders:write.
         */
        post: operations["confirmOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/orders/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancels a draft or confirmed order; idempotent; a fulfilled order cannot be cancelled
         * @description Needs a key with one of the scopes: orders:write.
         */
        post: operations["cancelOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/sales": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sales and refunds from the terminals, oldest first (by issue time, or by change with updatedSince), cursor-paginated
         * @description Ordered by when the terminal issued each receipt. A terminal that was offline pushes its receipts later, so a page already read can gain older receipts: to follow new ones, use the sale.* and refund.* webhooks, or poll with updatedSince (ordered by updatedAt then: arrival and each change of fiscal status), asking again from the largest updatedAt read; nothing is missed, late receipts included.
         *
         *     Needs a key with one of the scopes: sales:read.
         */
        get: operations["listSales"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/sales/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One sale or refund with its lines, payments, VAT and fiscal codes
         * @description Needs a key with one of the scopes: sales:read.
         */
        get: operations["getSale"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant's webhook endpoints (without secrets)
         * @description Needs a key with one of the scopes: webhooks:manage.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Registers an https endpoint; the signing secret is returned only here
         * @description With an Idempotency-Key, a retry by the same API key with the same Idempotency-Key and body returns the endpoint it registered (200, Idempotent-Replayed: true, with its current secret) instead of registering a second one; the same Idempotency-Key with another body is 409.
         *
         *     Needs a key with one of the scopes: webhooks:manage.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Deletes an endpoint; its queued deliveries are dropped
         * @description Needs a key with one of the scopes: webhooks:manage.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/webhooks/{id}/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queues a `ping` event to this endpoint only
         * @description Needs a key with one of the scopes: webhooks:manage.
         */
        post: operations["pingWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery log of an endpoint, newest first, with every attempt
         * @description Needs a key with one of the scopes: webhooks:manage.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sends a finished delivery again, with the same webhook id (receivers deduplicating on it will skip it)
         * @description Needs a key with one of the scopes: webhooks:manage.
         */
        post: operations["redeliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replaces the signing secret; until the grace period ends, deliveries carry a signature with each secret
         * @description Needs a key with one of the scopes: webhooks:manage.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/merchants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every merchant, oldest first
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        get: operations["adminListMerchants"];
        put?: never;
        /**
         * Creates a merchant; its integration module is off unless asked
         * @description With `ownerEmail`, also invites the merchant’s first console owner (the console’s invitation: single use, 7 days) and answers the link, mailed too when SMTP_URL is set.
         *
         *     Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        post: operations["adminCreateMerchant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/merchants/{merchantId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Changes a merchant's name or fiscal identity (IDNO, address); absent fields stay
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        patch: operations["adminUpdateMerchant"];
        trace?: never;
    };
    "/api/admin/v1/merchants/{merchantId}/integration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Turns the integration API module on or off (off: keys answer 403)
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        put: operations["adminSwitchIntegration"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/merchants/{merchantId}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A merchant's keys, revoked and expired ones included (never the keys themselves)
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        get: operations["adminListKeys"];
        put?: never;
        /**
         * Issues a key; the key is in this answer only
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        post: operations["adminCreateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/keys/{keyId}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issues the successor of a key; the old key works until the grace period ends
         * @description A key has at most one successor: rotating a rotated key is 409 key_already_rotated.
         *
         *     Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        post: operations["adminRotateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/keys/{keyId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The key stops working now
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        post: operations["adminRevokeKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/merchants/{merchantId}/products/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Creates or replaces a product (emits product.created or product.updated)
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        put: operations["adminSaveProduct"];
        post?: never;
        /**
         * Deletes a product (a tombstone incremental syncs see; emits product.deleted)
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        delete: operations["adminDeleteProduct"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/merchants/{merchantId}/products/{code}/stock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Sets on-hand stock (emits inventory.updated)
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        put: operations["adminSetStock"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/merchants/{merchantId}/orders/{orderId}/fulfill": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Marks a confirmed order fulfilled (emits order.updated)
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        post: operations["adminFulfillOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/webhook-secrets/reseal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * After a CLOUD_SECRETS_KEY rotation: seals every webhook secret and console TOTP secret with the current key
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        post: operations["adminResealWebhookSecrets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/demo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A demo merchant with its module on, its fiscal identity, content blocks, products, a cashier (PIN 1234), an all-scopes key, a terminal waiting for activation and a console owner
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        post: operations["adminSeedDemo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/merchants/{merchantId}/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant's live categories (parentId links the tree), by position
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        get: operations["adminListCategories"];
        put?: never;
        /**
         * Creates a category, at the top or below a parent
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        post: operations["adminCreateCategory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/merchants/{merchantId}/categories/{categoryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Renames, moves or reorders a category (never below itself)
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        put: operations["adminUpdateCategory"];
        post?: never;
        /**
         * Deletes an empty category (a tombstone in the catalog feed)
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        delete: operations["adminDeleteCategory"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/merchants/{merchantId}/vat-rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every VAT code with its rate (defaults for codes never set; `_` exempt)
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        get: operations["adminListVatRates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/merchants/{merchantId}/vat-rates/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Sets the rate of a VAT code A-E in basis points (`_` is fixed)
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        put: operations["adminSetVatRate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/merchants/{merchantId}/cashiers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant's cashiers (never their PINs)
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        get: operations["adminListCashiers"];
        put?: never;
        /**
         * Creates a cashier with a 4-digit PIN (stored as a slow hash)
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        post: operations["adminCreateCashier"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/merchants/{merchantId}/cashiers/{cashierId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Changes a cashier's name and role, and the PIN when one is sent
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        put: operations["adminUpdateCashier"];
        post?: never;
        /**
         * Deletes a cashier (a tombstone in the catalog feed)
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        delete: operations["adminDeleteCashier"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/merchants/{merchantId}/catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The catalog feed after a cursor, exactly as a terminal receives it
         * @description See "Catalog feed" in docs/platform.md: changes in version order, tombstones, paging.
         *
         *     Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        get: operations["adminCatalogFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/merchants/{merchantId}/terminals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A merchant's terminals, oldest first, deactivated ones included
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        get: operations["adminListTerminals"];
        put?: never;
        /**
         * Creates a pending terminal and its activation code (valid 24 h, single use)
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        post: operations["adminCreateTerminal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/merchants/{merchantId}/terminals/{terminalId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Renames a terminal (the terminal sees it at its next sync)
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        patch: operations["adminRenameTerminal"];
        trace?: never;
    };
    "/api/admin/v1/merchants/{merchantId}/terminals/{terminalId}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivates a terminal for good: its credential and keys stop working, no code activates it
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        post: operations["adminDeactivateTerminal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/merchants/{merchantId}/terminals/{terminalId}/activation-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new activation code (replaces an unused one); using it revokes the old device’s credential
         * @description Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        post: operations["adminIssueActivationCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/v1/merchants/{merchantId}/terminals/{terminalId}/api-key/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotates an active terminal's X-API-Key; the terminal picks the new key up at its next sync
         * @description The new key is not in this answer: only the terminal receives it. The current key keeps working until the terminal acknowledges the new one, and for `graceSeconds` after.
         *
         *     Needs the operator token. Changes are audited and accept an Idempotency-Key.
         */
        post: operations["adminRotateTerminalApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/device/v1/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchanges an activation code, once, for the terminal’s identity, credential and X-API-Key
         * @description Needs no credential; attempts are limited per client address.
         */
        post: operations["deviceActivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/device/v1/terminal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling terminal: name, status, merchant identity and a rotated X-API-Key waiting for it
         * @description Needs the device credential from activation (`Authorization: Bearer dc_…`).
         */
        get: operations["deviceGetTerminal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/device/v1/terminal/api-key/ack": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The terminal stored its rotated X-API-Key: the cloud drops its copy; repeating it is harmless
         * @description Needs the device credential from activation (`Authorization: Bearer dc_…`).
         */
        post: operations["deviceAcknowledgeApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/device/v1/credential/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new device credential; the current one works until the new one is first used
         * @description Needs the device credential from activation (`Authorization: Bearer dc_…`).
         */
        post: operations["deviceRotateCredential"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/device/v1/catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant’s catalog changes after a cursor (version order, tombstones, paging)
         * @description See "Catalog feed" in docs/platform.md. Start with cursor=0; follow nextCursor until complete.
         *
         *     Needs the device credential from activation (`Authorization: Bearer dc_…`).
         */
        get: operations["deviceCatalogFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/device/v1/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fiscal documents from the terminal’s outbox, deduplicated by operation id and revision
         * @description See "Fiscal documents" in docs/platform.md. One transaction per push; a retry of the same push changes nothing.
         *
         *     Needs the device credential from activation (`Authorization: Bearer dc_…`).
         */
        post: operations["devicePushDocuments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/device/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The terminal’s health now (every minute and on change); the cloud keeps the latest
         * @description See "Health report" in docs/platform.md. Replaces the previous report of this terminal; the merchant console shows it and alerts on it.
         *
         *     Needs the device credential from activation (`Authorization: Bearer dc_…`).
         */
        post: operations["deviceReportHealth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/relay/v1/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The terminal a device credential belongs to, or 401/403 as on the device API
         * @description Needs the relay token (RELAY_TOKEN): only the relay calls it.
         */
        post: operations["relayVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/relay/v1/revocations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Device credentials revoked since the cursor (with an overlap window; repeats are harmless)
         * @description Needs the relay token (RELAY_TOKEN): only the relay calls it.
         */
        get: operations["relayRevocations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/auth/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in to the console
         * @description Sets the session cookie and answers the session with its CSRF token. A wrong password and an unknown e-mail address get the same 401; attempts are limited per client address and per e-mail address (429 with Retry-After). A user with two-factor sign-in sends the authenticator code as `totp`: without it, after a right password, 401 totp_required; a wrong code is a 401 invalid_credentials.
         *
         *     Needs no session; attempts are limited per address and per account.
         */
        post: operations["consoleSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user, their merchant and the CSRF token
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["consoleGetSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/auth/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out of this browser
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleSignOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/auth/sign-out-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out of every browser
         * @description Ends every session of the signed-in user, this one included.
         *
         *     Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleSignOutEverywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mails a password reset link
         * @description Always 202, whether or not the address has an account: the answer tells nobody who has one. The link (`/console/password-reset/<token>`) works once, for 30 minutes. Requests are limited per client address and per e-mail address (429 with Retry-After).
         *
         *     Needs no session; attempts are limited per address and per account.
         */
        post: operations["consoleRequestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/auth/password-reset/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sets a new password with a reset link’s token, and signs in
         * @description Uses the link up (every other reset link of the user too), ends every session of the user and signs in here. A user with two-factor sign-in also sends `totp`. Uses of link tokens are limited per client address.
         *
         *     Needs no session; attempts are limited per address and per account.
         */
        post: operations["consoleCompletePasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/auth/invitations/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What an invitation link invites to: the shop, the role, the address
         * @description Needs no session; attempts are limited per address and per account.
         */
        get: operations["consoleGetInvitation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/auth/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accepts an invitation with a new password, and signs in
         * @description Needs no session; attempts are limited per address and per account.
         */
        post: operations["consoleAcceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/auth/totp/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new authenticator secret (not in force until enabled with a code from it)
         * @description Answers the secret and its otpauth:// URI (show it as a QR code). Setting up again replaces a secret not yet enabled.
         *
         *     Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleSetUpTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/auth/totp/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turns two-factor sign-in on, confirmed by the password and a code from the authenticator
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleEnableTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/auth/totp/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turns two-factor sign-in off, confirmed by a current code or the password
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleDisableTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/sales": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every fiscal document of the merchant's terminals, newest first, cursor-paginated
         * @description Sales, refunds, cash in and out, X and Z reports, filtered by terminal, type, payment code and calendar days. Lines are left out (GET /sales/{id} has them).
         *
         *     Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["listConsoleSales"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/sales/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The documents the same filters list, as CSV (UTF-8, RFC 4180), newest first, streamed
         * @description Columns: id, date, time (the receipt’s, in its terminal’s time zone), time_zone (that zone, IANA), issued_at (UTC), terminal, type, status, receipt_number, report_number, mev_code, offline_code, total, vat, payments (code=amount ...), sale_id. Amounts are signed: refunds and cash out are negative.
         *
         *     Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["exportConsoleSales"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/sales/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One fiscal document with what its receipt printed, and its refunds (or its sale)
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["getConsoleSale"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/reports/vat-daily": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Daily totals by VAT code for a range of days: taxable base, VAT and gross of sales, refunds and net
         * @description Receipts refused by the tax server are left out. Days without receipts are absent. At most 366 days.
         *
         *     Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["getVatDailyReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Orders, newest first, by status and the days they were created, cursor-paginated
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["listConsoleOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One order
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["getConsoleOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/orders/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirms a draft order
         * @description Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["confirmConsoleOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/orders/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancels a draft or confirmed order, with a reason (other when none is given)
         * @description Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["cancelConsoleOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/orders/{id}/fulfil": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Marks a confirmed order fulfilled (handed over); final
         * @description Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["fulfilConsoleOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant's webhook endpoints, enabled or not (never their secrets)
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["listConsoleWebhooks"];
        put?: never;
        /**
         * Registers an https endpoint; its signing secret is in this answer only
         * @description Needs a console session (cookie) with the owner role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["createConsoleWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Deletes an endpoint; its queued deliveries are dropped, its log kept
         * @description Needs a console session (cookie) with the owner role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        delete: operations["deleteConsoleWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/webhooks/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enables an endpoint (also one the cloud disabled as gone or failing)
         * @description Needs a console session (cookie) with the owner role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["enableConsoleWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/webhooks/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disables an endpoint: no deliveries until enabled; its queued ones fail and can be redelivered later
         * @description Needs a console session (cookie) with the owner role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["disableConsoleWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An endpoint's delivery log, newest first: each delivery with every attempt and the receiver's answer
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["listConsoleWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sends a finished delivery again, with the same webhook id
         * @description Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["redeliverConsoleWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new signing secret, shown in this answer only; the old one signs too for 24 hours
         * @description Needs a console session (cookie) with the owner role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["rotateConsoleWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sends a `ping` event to this endpoint only
         * @description Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["testConsoleWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The shop’s console users, oldest first
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["consoleListUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/users/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Invitations neither accepted, withdrawn nor expired, oldest first
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["consoleListInvitations"];
        put?: never;
        /**
         * Invites a colleague by e-mail
         * @description Mails a link (`/console/invitation/<token>`, single use, valid 7 days) to the address; a pending invitation of the same address is replaced. Without a mail server (no SMTP_URL) nothing is mailed: `mailed` is false and `link` carries the link for the owner to pass on (it is never shown again).
         *
         *     Needs a console session (cookie) with the owner role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleInviteUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/users/invitations/{invitationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Withdraws a pending invitation: its link stops working
         * @description Needs a console session (cookie) with the owner role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        delete: operations["consoleRevokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Removes a user: their sessions end at once (not the shop’s last owner)
         * @description Needs a console session (cookie) with the owner role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        delete: operations["consoleRemoveUser"];
        options?: never;
        head?: never;
        /**
         * Changes a user’s role (the shop’s last owner keeps theirs)
         * @description Needs a console session (cookie) with the owner role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        patch: operations["consoleChangeUserRole"];
        trace?: never;
    };
    "/api/console/v1/users/sign-out-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ends every session of a user (a lost phone, a shared computer)
         * @description The user is named in the body: a path under /users/{userId}/ would be ambiguous with /users/invitations/{invitationId}.
         *
         *     Needs a console session (cookie) with the owner role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleSignUserOutEverywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The fleet at a glance: terminals online or last seen, health, alerts, sales today and this week
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["consoleFleetOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/terminals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant’s terminals, oldest first, deactivated ones included
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["consoleListTerminals"];
        put?: never;
        /**
         * Creates a terminal and its activation code (shown once, valid 24 h) with the QR code’s text
         * @description Needs a console session (cookie) with the owner role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleCreateTerminal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/terminals/{terminalId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One terminal with its health and alerts
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["consoleGetTerminal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Renames a terminal (it sees the name at its next sync)
         * @description Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        patch: operations["consoleRenameTerminal"];
        trace?: never;
    };
    "/api/console/v1/terminals/{terminalId}/activation-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new activation code (a replaced or reset device); using it retires the old device
         * @description Needs a console session (cookie) with the owner role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleIssueActivationCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/terminals/{terminalId}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivates a terminal for good: its credential and keys stop working
         * @description Needs a console session (cookie) with the owner role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleDeactivateTerminal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/terminals/{terminalId}/api-key/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotates the terminal’s X-API-Key; the terminal picks the new key up at its next sync
         * @description The new key goes to the terminal only; ERPs read it there. The current key keeps working for graceSeconds after.
         *
         *     Needs a console session (cookie) with the owner role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleRotateTerminalApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/terminals/{terminalId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Calls the terminal’s GET /api/health through the relay and says what came back
         * @description Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleTestTerminal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/integration-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant’s integration keys, oldest first, revoked and expired ones included (never the keys)
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["consoleListIntegrationKeys"];
        put?: never;
        /**
         * Issues an integration key; the key is in this answer only
         * @description Needs a console session (cookie) with the owner role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleCreateIntegrationKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/integration-keys/{keyId}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issues the key’s successor (shown once); the old key works until the grace period ends
         * @description Needs a console session (cookie) with the owner role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleRotateIntegrationKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/integration-keys/{keyId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The key stops working now
         * @description Needs a console session (cookie) with the owner role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleRevokeIntegrationKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/integration-module": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the integration API is on for this merchant (off: every key answers 403)
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["consoleGetIntegrationModule"];
        /**
         * Turns the integration API on or off for this merchant
         * @description Needs a console session (cookie) with the owner role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        put: operations["consoleSetIntegrationModule"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The category tree: every live category with its parentId, by position then name
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["consoleListCategories"];
        put?: never;
        /**
         * Creates a category at the top or below a parent
         * @description Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleCreateCategory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/categories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Deletes an empty category
         * @description Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        delete: operations["consoleDeleteCategory"];
        options?: never;
        head?: never;
        /**
         * Renames, moves or reorders a category (never below itself); fields left out stay
         * @description Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        patch: operations["consoleUpdateCategory"];
        trace?: never;
    };
    "/api/console/v1/cashiers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The cashiers who may open a shift on the terminals (never their PINs)
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["consoleListCashiers"];
        put?: never;
        /**
         * Creates a cashier with a 4-digit PIN (kept only as a slow hash)
         * @description Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleCreateCashier"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/cashiers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Deactivates a cashier: terminals refuse their PIN after the next catalog sync
         * @description Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        delete: operations["consoleDeactivateCashier"];
        options?: never;
        head?: never;
        /**
         * Renames a cashier or changes the role; the PIN has its own reset
         * @description Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        patch: operations["consoleUpdateCashier"];
        trace?: never;
    };
    "/api/console/v1/cashiers/{id}/pin-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sets a cashier's new PIN (the one given, or a random one shown in this answer only)
         * @description Terminals learn the new PIN with their next catalog sync; the old one stops working then.
         *
         *     Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleResetCashierPin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/vat-rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every VAT code with its rate (defaults for codes never set; `_` exempt)
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["consoleListVatRates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live products by code, a page at a time; q searches code, SKU, names and barcodes
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["consoleListProducts"];
        put?: never;
        /**
         * Creates a product (as POST /api/public/v1/products does; emits product.created)
         * @description Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleCreateProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/products/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The live products as the products CSV (the columns the import reads), by code
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["consoleExportProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/products/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Imports the products CSV: checks every row; with mode=apply writes them all or none
         * @description The body is the CSV (Content-Type: text/csv), UTF-8, `,` or `;` between cells, at most 50000 rows and 20 MiB; the columns are code, sku, barcodes, name_ro, name_ru, name_en, description_ro, description_ru, description_en, category_path, vat_code, unit, price, active, on_hand (docs/console.md, "Products CSV"). Products are matched by code. The answer counts what the rows do and lists the errors by row and column; with errors nothing is written.
         *
         *     Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleImportProducts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One product with its content blocks (ro / ru / en)
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["consoleGetProduct"];
        put?: never;
        post?: never;
        /**
         * Deletes a product (as DELETE /api/public/v1/products/{code} does; emits product.deleted)
         * @description Terminals drop it at their next catalog sync; its sales and stock ledger stay. A product later created or imported with the same code comes back under its old id.
         *
         *     Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        delete: operations["consoleDeleteProduct"];
        options?: never;
        head?: never;
        /**
         * Changes the fields given of a product's catalog fields and content (emits product.updated)
         * @description Fields left out stay; null clears an optional field. Stock changes by adjustments only.
         *
         *     Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        patch: operations["consoleUpdateProduct"];
        trace?: never;
    };
    "/api/console/v1/products/{id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stops selling the product: terminals no longer offer it; its history and stock stay
         * @description Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleDeactivateProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/products/{id}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sells the product again (emits product.updated)
         * @description Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleActivateProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/content-blocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant's content block definitions (key and labels), in display order
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["consoleListContentBlocks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/content-blocks/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Defines a content block (its headings in ro / ru / en and its place), or changes one
         * @description Products carry each block's text under its key (PATCH /products/{id}, content).
         *
         *     Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        put: operations["consoleSaveContentBlock"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/products/{id}/stock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * On-hand stock of a product and its ledger, newest movement first
         * @description Needs a console session (cookie) with the viewer role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["consoleGetProductStock"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/products/{id}/stock/adjustments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Adds to or removes from on-hand stock with a reason (a ledger movement; emits inventory.updated)
         * @description As POST /api/public/v1/inventory/adjustments: the Idempotency-Key header is required, a retry with the same key and body returns the first adjustment (200) and moves nothing; another body is 409.
         *
         *     Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        post: operations["consoleAdjustStock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/v1/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who changed what in the shop, newest first
         * @description Every change made in the console (and by the operator on this merchant), refused ones included, and every sign-in (refused ones of an existing account too), with who made it and what was changed, by the name it had then. Never what was sent: no keys, passwords or codes.
         *
         *     Needs a console session (cookie) with the manager role or higher; changes need the X-CSRF-Token header, are audited and accept an Idempotency-Key.
         */
        get: operations["consoleListActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Problem: {
            /** @description Stable URI per kind of problem, e.g. urn:fiscal-pos:problem:invalid-api-key */
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @description The request path */
            instance: string;
            /** @enum {string} */
            code: "missing_api_key" | "invalid_api_key" | "missing_operator_token" | "invalid_operator_token" | "invalid_metrics_token" | "invalid_relay_token" | "missing_device_credential" | "invalid_device_credential" | "terminal_deactivated" | "insufficient_scope" | "module_inactive" | "invalid_json" | "invalid_request" | "not_found" | "unknown_product" | "idempotency_conflict" | "order_status_conflict" | "catalog_conflict" | "key_already_rotated" | "terminal_status_conflict" | "invalid_activation_code" | "activation_code_used" | "activation_code_expired" | "url_not_allowed" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "not_signed_in" | "invalid_credentials" | "csrf_token_invalid" | "role_forbidden" | "totp_required" | "verification_failed" | "totp_state_conflict" | "invitation_invalid" | "invitation_expired" | "invitation_used" | "reset_link_invalid" | "reset_link_expired" | "user_exists" | "last_owner" | "internal_error";
            requestId: string;
            errors?: {
                path: string;
                message: string;
            }[];
        };
        Ping: {
            merchantId: string;
            keyId: string;
            /** @description The first characters of the key, as shown in the console */
            keyPrefix: string;
            scopes: string[];
        };
        ProductPage: {
            data: components["schemas"]["Product"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        Product: {
            id: string;
            /** @description The merchant's own product code, unique per merchant */
            code: string;
            barcodes: string[];
            name: components["schemas"]["LocalizedText"];
            /** @description VAT-inclusive unit price in MDL, 2 decimals */
            price: number;
            /** @enum {string} */
            vatCode: "A" | "B" | "C" | "D" | "E" | "_";
            /** @description Unit of measure, e.g. pcs, kg */
            unit: string;
            /** @description PLU the cashier types, unique among live products */
            sku: string | null;
            categoryId: string | null;
            active: boolean;
            description: components["schemas"]["LocalizedText"] | null;
            /** @constant */
            currency: "MDL";
            /** @description A free label; categoryId places the product in the category tree */
            category: string | null;
            /** @description On-hand stock in units, 3 decimals */
            onHand: number;
            /** @description True only for deleted products, which appear in lists filtered by updatedSince */
            deleted: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description Text in Romanian (always), Russian and English */
        LocalizedText: {
            ro: string;
            ru?: string;
            en?: string;
        };
        ProductDetail: {
            id: string;
            /** @description The merchant's own product code, unique per merchant */
            code: string;
            barcodes: string[];
            name: components["schemas"]["LocalizedText"];
            /** @description VAT-inclusive unit price in MDL, 2 decimals */
            price: number;
            /** @enum {string} */
            vatCode: "A" | "B" | "C" | "D" | "E" | "_";
            /** @description Unit of measure, e.g. pcs, kg */
            unit: string;
            /** @description PLU the cashier types, unique among live products */
            sku: string | null;
            categoryId: string | null;
            active: boolean;
            description: components["schemas"]["LocalizedText"] | null;
            /** @constant */
            currency: "MDL";
            /** @description A free label; categoryId places the product in the category tree */
            category: string | null;
            /** @description On-hand stock in units, 3 decimals */
            onHand: number;
            /** @description True only for deleted products, which appear in lists filtered by updatedSince */
            deleted: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            contentBlocks: {
                key: string;
                content: components["schemas"]["LocalizedText"];
            }[];
        };
        ProductWrite: {
            barcodes?: string[];
            /** @description The name a terminal prints, in Romanian (always), Russian and English */
            name: {
                /** @description runs of spaces are printed as one, none at either end */
                ro: string;
                /** @description runs of spaces are printed as one, none at either end */
                ru?: string;
                /** @description runs of spaces are printed as one, none at either end */
                en?: string;
            };
            /** @description At most 5000 characters per language */
            description?: {
                ro: string;
                ru?: string;
                en?: string;
            } | null;
            /** @description VAT-inclusive unit price in MDL, > 0, at most 2 decimals */
            price: number;
            /** @enum {string} */
            vatCode: "A" | "B" | "C" | "D" | "E" | "_";
            unit: string;
            category?: string | null;
            /** @description PLU, unique among live products */
            sku?: string | null;
            /** @description One of the merchant's categories */
            categoryId?: string | null;
            active?: boolean;
            /** @description At most 50 blocks of at most 20000 characters per language */
            content?: {
                [key: string]: {
                    ro: string;
                    ru?: string;
                    en?: string;
                };
            };
            /** @description The merchant's own code, unique per merchant */
            code: string;
        };
        ContentBlockList: {
            data: {
                key: string;
                labels: components["schemas"]["LocalizedText"];
            }[];
        };
        Inventory: {
            productId: string;
            productCode: string;
            /** @description Units on hand, 3 decimals; may be below 0 when sales outran the count */
            onHand: number;
            unit: string;
            /** Format: date-time */
            updatedAt: string;
        };
        InventoryAdjustment: {
            id: string;
            productId: string;
            /** @description Units added (negative: removed), 3 decimals */
            delta: number;
            reason: string;
            /** Format: date-time */
            createdAt: string;
            /** @description The product's stock now */
            inventory: components["schemas"]["Inventory"];
        };
        InventoryAdjustmentWrite: {
            productId: string;
            /** @description Units to add (negative: remove), at most 1000000000 either way, at most 3 decimals */
            delta: number;
            /** @description Why stock changed, e.g. "stocktake", "damaged" */
            reason: string;
        };
        Order: {
            id: string;
            externalOrderId: string;
            /**
             * @description draft -> confirmed -> fulfilled; draft or confirmed -> cancelled. More statuses may be added
             * @enum {string}
             */
            status: "draft" | "confirmed" | "fulfilled" | "cancelled";
            /** @constant */
            currency: "MDL";
            customer: {
                name: string;
                email?: string;
                phone?: string;
            };
            delivery: {
                /** @enum {string} */
                method: "pickup" | "courier";
                address?: {
                    line1: string;
                    line2?: string;
                    city: string;
                    postalCode?: string;
                    /**
                     * @description ISO 3166-1 alpha-2
                     * @default MD
                     */
                    country: string;
                };
                notes?: string;
            } | null;
            note: string | null;
            lines: {
                position: number;
                productCode: string;
                name: {
                    ro: string;
                    ru?: string;
                    en?: string;
                };
                quantity: number;
                unit: string;
                /** @description VAT-inclusive, MDL */
                unitPrice: number;
                /** @enum {string} */
                vatCode: "A" | "B" | "C" | "D" | "E" | "_";
                vatRate: number;
                /** @description unitPrice × quantity, rounded to bani */
                amount: number;
                vat: number;
            }[];
            subtotal: number;
            vatTotal: number;
            total: number;
            vatBreakdown: {
                vatCode: string;
                rate: number;
                amount: number;
                vat: number;
                taxableBase: number;
            }[];
            confirmedAt: string | null;
            fulfilledAt: string | null;
            cancelledAt: string | null;
            cancelReason: ("customer" | "fraud" | "inventory" | "declined" | "other") | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        CreateOrder: {
            /** @description The shop's own order id; the idempotency key of this request */
            externalOrderId: string;
            customer: {
                name: string;
                email?: string;
                phone?: string;
            };
            delivery?: {
                /** @enum {string} */
                method: "pickup" | "courier";
                address?: {
                    line1: string;
                    line2?: string;
                    city: string;
                    postalCode?: string;
                    /**
                     * @description ISO 3166-1 alpha-2
                     * @default MD
                     */
                    country: string;
                };
                notes?: string;
            };
            note?: string;
            lines: {
                productCode: string;
                /** @description Quantity in units, > 0, at most 100000, at most 3 decimals */
                quantity: number;
            }[];
        };
        OrderPage: {
            data: components["schemas"]["Order"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        CancelOrder: {
            /**
             * @description Why the order is cancelled; `other` when absent
             * @enum {string}
             */
            reason?: "customer" | "fraud" | "inventory" | "declined" | "other";
        };
        SalePage: {
            data: components["schemas"]["Sale"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        Sale: {
            id: string;
            /**
             * @description sale, or refund (money and stock going back)
             * @enum {string}
             */
            type: "sale" | "refund";
            terminalId: string;
            /** @description The terminal's fiscal operation id */
            operationId: string;
            revision: number;
            /**
             * @description The MEV status: pending, sent, offline (registered later), synced, failed (refused)
             * @enum {string}
             */
            status: "pending" | "sent" | "offline" | "synced" | "failed";
            /**
             * Format: date-time
             * @description When the terminal issued it
             */
            createdAt: string;
            /** Format: date-time */
            receivedAt: string;
            /** Format: date-time */
            updatedAt: string;
            receiptNumber: number | null;
            reportNumber: number;
            fiscalCode: string | null;
            offlineFiscalCode: string | null;
            mevId: string | null;
            /** @description The terminal's sale id; for a refund, the refunded sale's */
            saleId: string | null;
            refundId: string | null;
            /** @constant */
            currency: "MDL";
            /** @description MDL; never negative on a receipt or cash operation (a refund gives it back); an X or Z report’s is the day’s net, negative when it gave back more than it sold */
            total: number;
            vat: {
                /** @enum {string} */
                code: "A" | "B" | "C" | "D" | "E" | "_";
                /** @description Percent; null: exempt */
                rate: number | null;
                taxableAmount: number;
                vatAmount: number;
            }[];
            payments: {
                /** @description ACPS payment code */
                code: string;
                amount: number;
            }[];
            lines: {
                position: number;
                productId: string | null;
                name: string;
                /** @description Units, 3 decimals */
                quantity: number;
                unitPrice: number;
                amount: number;
                /** @enum {string} */
                vatCode: "A" | "B" | "C" | "D" | "E" | "_";
            }[];
        };
        CreatedWebhookEndpoint: {
            id: string;
            url: string;
            description: string | null;
            events: ("order.created" | "order.updated" | "product.created" | "product.updated" | "product.deleted" | "inventory.updated" | "sale.created" | "sale.updated" | "refund.created" | "refund.updated" | "webhook_endpoint.disabled")[];
            /** @enum {string} */
            status: "enabled" | "disabled";
            /** @description gone: the receiver answered 410; failing: it failed for days; manual: the merchant disabled it */
            disabledReason: ("gone" | "failing" | "manual") | null;
            /** Format: date-time */
            createdAt: string;
            /** @description Signing secret (whsec_...); shown only in this response */
            secret: string;
        };
        CreateWebhook: {
            /**
             * Format: uri
             * @description https URL on a public address
             */
            url: string;
            events: ("order.created" | "order.updated" | "product.created" | "product.updated" | "product.deleted" | "inventory.updated" | "sale.created" | "sale.updated" | "refund.created" | "refund.updated" | "webhook_endpoint.disabled")[];
            description?: string;
        };
        WebhookEndpoint: {
            id: string;
            url: string;
            description: string | null;
            events: ("order.created" | "order.updated" | "product.created" | "product.updated" | "product.deleted" | "inventory.updated" | "sale.created" | "sale.updated" | "refund.created" | "refund.updated" | "webhook_endpoint.disabled")[];
            /** @enum {string} */
            status: "enabled" | "disabled";
            /** @description gone: the receiver answered 410; failing: it failed for days; manual: the merchant disabled it */
            disabledReason: ("gone" | "failing" | "manual") | null;
            /** Format: date-time */
            createdAt: string;
        };
        DeliveryPage: {
            data: components["schemas"]["WebhookDelivery"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        WebhookDelivery: {
            /** @description The webhook id (X-Service-Webhook-Id), the same on every attempt */
            id: string;
            eventId: string;
            eventType: string;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            attempts: number;
            nextAttemptAt: string | null;
            deliveredAt: string | null;
            lastStatusCode: number | null;
            lastError: string | null;
            /** Format: date-time */
            createdAt: string;
            attemptLog: {
                /** Format: date-time */
                attemptedAt: string;
                statusCode: number | null;
                latencyMs: number;
                error: string | null;
                /** @description First 1 KiB of the response body */
                responseExcerpt: string | null;
            }[];
        };
        RotatedWebhookSecret: {
            /** @description The new signing secret (whsec_...) */
            secret: string;
            /** @description Until then the replaced secret signs too; null when it was retired at once */
            previousSecretExpiresAt: string | null;
        };
        RotateWebhookSecret: {
            /**
             * @description How long the replaced secret keeps signing (default 24 h, at most 7 days; 0 ends it now)
             * @default 86400
             */
            graceSeconds: number;
        };
        AdminMerchant: {
            id: string;
            name: string;
            integrationActive: boolean;
            idno: string | null;
            address: string | null;
        };
        AdminCreatedMerchant: {
            id: string;
            name: string;
            integrationActive: boolean;
            idno: string | null;
            address: string | null;
            ownerInvitation?: {
                id: string;
                email: string;
                expiresAt: string;
                /** @description The invitation link, shown this once (not kept for idempotent replays) */
                link: string;
                /** @description Whether it was also queued for mailing (false without SMTP_URL) */
                mailed: boolean;
            };
        };
        AdminCreateMerchant: {
            name: string;
            /**
             * @description The integration API module; off unless true
             * @default false
             */
            integrationActive: boolean;
            /** @description State identification number (IDNO), 13 digits; printed in receipt headers */
            idno?: string;
            /** @description The address printed in receipt headers */
            address?: string;
            /** @description Invites the merchant’s first console owner; the answer carries the invitation link */
            ownerEmail?: string;
        };
        AdminUpdateMerchant: {
            name?: string;
            /** @description 13 digits; null clears it */
            idno?: string | null;
            /** @description null clears it */
            address?: string | null;
        };
        IntegrationModule: {
            /** @description Whether the merchant’s keys may use the integration API */
            active: boolean;
        };
        IntegrationKey: {
            id: string;
            name: string;
            /** @description The key’s first characters, to recognise it */
            displayPrefix: string;
            lastFour: string;
            scopes: string[];
            /** Format: date-time */
            createdAt: string;
            revokedAt: string | null;
            /** @description End of a rotation grace period */
            expiresAt: string | null;
            /** @description The successor of a rotated key */
            rotatedToId: string | null;
            /** @description Its last request, to the minute; null: never used */
            lastUsedAt: string | null;
        };
        AdminCreatedKey: {
            id: string;
            /** @description The key itself: in this answer only, never again (not in idempotent replays) */
            key: string;
            displayPrefix: string;
            lastFour: string;
            scopes: string[];
            merchantId: string;
        };
        CreateIntegrationKey: {
            /** @description What the key may do */
            scopes: ("products:read" | "products:write" | "inventory:read" | "inventory:write" | "orders:read" | "orders:write" | "webhooks:manage" | "sales:read")[];
            /** @description A label: which shop or ERP uses it */
            name?: string;
        };
        RotateIntegrationKey: {
            /**
             * @description How long the old key keeps working (default 24 h; 0 ends it now)
             * @default 86400
             */
            graceSeconds: number;
        };
        AdminSaveProduct: {
            barcodes?: string[];
            /** @description The name a terminal prints, in Romanian (always), Russian and English */
            name: {
                /** @description runs of spaces are printed as one, none at either end */
                ro: string;
                /** @description runs of spaces are printed as one, none at either end */
                ru?: string;
                /** @description runs of spaces are printed as one, none at either end */
                en?: string;
            };
            /** @description At most 5000 characters per language */
            description?: {
                ro: string;
                ru?: string;
                en?: string;
            } | null;
            /** @description VAT-inclusive unit price in MDL, > 0, at most 2 decimals */
            price: number;
            /** @enum {string} */
            vatCode: "A" | "B" | "C" | "D" | "E" | "_";
            unit: string;
            category?: string | null;
            /** @description PLU, unique among live products */
            sku?: string | null;
            /** @description One of the merchant's categories */
            categoryId?: string | null;
            active?: boolean;
            /** @description At most 50 blocks of at most 20000 characters per language */
            content?: {
                [key: string]: {
                    ro: string;
                    ru?: string;
                    en?: string;
                };
            };
            /** @description Sets on-hand stock through a stock movement */
            onHand?: number;
        };
        AdminSetStock: {
            /** @description Units on hand, 0-1000000000, at most 3 decimals */
            onHand: number;
        };
        AdminIssuedActivationCode: {
            terminal: components["schemas"]["AdminTerminal"];
            /** @description XXXX-XXXX; shown in this answer only (not in idempotent replays); single use */
            activationCode: string;
            /** Format: date-time */
            activationCodeExpiresAt: string;
        };
        AdminTerminal: {
            id: string;
            merchantId: string;
            /** @description Its address on the relay, for ERPs outside the shop: https://<relay>/api/relay/<publicId> */
            publicId: string;
            name: string;
            /** @enum {string} */
            status: "pending" | "active" | "deactivated";
            /** Format: date-time */
            createdAt: string;
            activatedAt: string | null;
            deactivatedAt: string | null;
            /** @description Last four characters of its current X-API-Key */
            apiKeyLastFour: string | null;
            /** @description A rotated key waits for the terminal to pick it up */
            apiKeyRotationPending: boolean;
        };
        AdminSeedDemo: {
            /** @default 50 */
            products: number;
        };
        Category: {
            id: string;
            parentId: string | null;
            name: string;
            position: number;
            /** @description Catalog version of the last change */
            version: number;
        };
        CategoryWrite: {
            name: string;
            /**
             * @description Null for a top-level category
             * @default null
             */
            parentId: string | null;
            /**
             * @description Order among its siblings
             * @default 0
             */
            position: number;
        };
        VatRate: {
            /** @enum {string} */
            code: "A" | "B" | "C" | "D" | "E" | "_";
            /** @description 2000 = 20 %; 0 for the exempt code `_` */
            rateBasisPoints: number;
            /** @description True only for `_`, which is fixed */
            exempt: boolean;
            /** @description 0 for a default rate the merchant never set */
            version: number;
        };
        VatRateWrite: {
            /** @description 2000 = 20 % */
            rateBasisPoints: number;
        };
        Cashier: {
            id: string;
            name: string;
            /** @enum {string} */
            role: "cashier" | "administrator";
            /** @description Catalog version of the last change */
            version: number;
        };
        CashierCreate: {
            name: string;
            /** @enum {string} */
            role: "cashier" | "administrator";
            /** @description 4 digits; stored as a slow hash, never shown again */
            pin: string;
        };
        CashierUpdate: {
            name: string;
            /** @enum {string} */
            role: "cashier" | "administrator";
            /** @description A new PIN; the old one stays when absent */
            pin?: string;
        };
        CatalogFeed: {
            products: components["schemas"]["CatalogProduct"][];
            categories: components["schemas"]["Category"][];
            vatRates: components["schemas"]["VatRate"][];
            cashiers: components["schemas"]["CatalogCashier"][];
            /** @description Ids deleted after the cursor (tombstones) */
            deleted: {
                products: string[];
                categories: string[];
                cashiers: string[];
            };
            /** @description Send it as cursor next time; equal to the cursor sent when nothing changed */
            nextCursor: string;
            /** @description False when more changes follow: ask again at once with nextCursor */
            complete: boolean;
        };
        CatalogProduct: {
            id: string;
            /** @description The merchant's own product code, unique per merchant */
            code: string;
            barcodes: string[];
            name: components["schemas"]["LocalizedText"];
            /** @description VAT-inclusive unit price in MDL, 2 decimals */
            price: number;
            /** @enum {string} */
            vatCode: "A" | "B" | "C" | "D" | "E" | "_";
            /** @description Unit of measure, e.g. pcs, kg */
            unit: string;
            /** @description PLU the cashier types, unique among live products */
            sku: string | null;
            categoryId: string | null;
            active: boolean;
            /** @description Catalog version of the last change */
            version: number;
        };
        CatalogCashier: {
            id: string;
            name: string;
            /** @enum {string} */
            role: "cashier" | "administrator";
            /** @description Catalog version of the last change */
            version: number;
            /** @description What the terminal checks a PIN against offline */
            pinVerifier: components["schemas"]["PinVerifier"];
        };
        /** @description hash: base64url of scrypt(pin, salt, 32 bytes, {N, r, p}); salt: base64url */
        PinVerifier: {
            /** @constant */
            algorithm: "scrypt";
            N: number;
            r: number;
            p: number;
            salt: string;
            hash: string;
        };
        TerminalName: {
            name: string;
        };
        RotateTerminalApiKey: {
            /**
             * @description How long the old key keeps working once the terminal has the new one (default 24 h)
             * @default 86400
             */
            graceSeconds: number;
        };
        DeviceActivation: {
            terminalId: string;
            /** @description The terminal’s address on the relay: {relay_url} = https://<relay>/api/relay/<publicId> */
            publicId: string;
            terminalName: string;
            merchant: components["schemas"]["DeviceMerchant"];
            /**
             * Format: starts_with
             * @description dc_…: `Authorization: Bearer` for every later device call
             */
            deviceCredential: string;
            /** @description tk_…: the X-API-Key the terminal accepts from ERPs */
            apiKey: string;
            /** @description What this cloud accepts beyond the first v1 cloud (absent: nothing). signed_report_amounts: pushed X and Z reports may carry negative amounts */
            capabilities?: string[];
        };
        DeviceMerchant: {
            id: string;
            name: string;
            idno: string | null;
            address: string | null;
        };
        DeviceActivate: {
            /** @description The activation code, XXXX-XXXX; any case, the dash optional */
            code: string;
        };
        DeviceTerminal: {
            terminalId: string;
            /** @description The terminal’s address on the relay: /api/relay/<publicId> */
            publicId: string;
            terminalName: string;
            /** @enum {string} */
            status: "pending" | "active" | "deactivated";
            merchant: components["schemas"]["DeviceMerchant"];
            pendingApiKey: components["schemas"]["DevicePendingApiKey"] | null;
            /** @description What this cloud accepts beyond the first v1 cloud (absent: nothing). signed_report_amounts: pushed X and Z reports may carry negative amounts */
            capabilities?: string[];
        };
        DevicePendingApiKey: {
            id: string;
            /** @description The new X-API-Key; acknowledge it once stored */
            key: string;
            /** @description How long the terminal should keep accepting its current key after switching */
            previousKeyGraceSeconds: number;
        };
        DeviceAckApiKey: {
            id: string;
        };
        DeviceRotatedCredential: {
            /**
             * Format: starts_with
             * @description The new dc_…; the current one keeps working until this one is first used
             */
            deviceCredential: string;
        };
        PushFiscalDocumentsResult: {
            /** @description One per pushed document, in the order pushed */
            results: {
                operationId: string;
                /** @enum {string} */
                outcome: "created" | "updated" | "unchanged";
            }[];
        };
        PushFiscalDocuments: {
            documents: components["schemas"]["PushedFiscalDocument"][];
        };
        PushedFiscalDocument: {
            /**
             * Format: uuid
             * @description The terminal's fiscal operation id; unique per terminal
             */
            operationId: string;
            /** @description Bumped by the terminal at each change of fiscal status */
            revision: number;
            /** @enum {string} */
            type: "sale" | "refund" | "cash_in" | "cash_out" | "x_report" | "z_report";
            /**
             * Format: date-time
             * @description When the terminal issued the document
             */
            createdAt: string;
            receiptNumber: number | null;
            reportNumber: number;
            /**
             * @description The MEV status; failed: the tax server refused it
             * @enum {string}
             */
            status: "pending" | "sent" | "offline" | "synced" | "failed";
            fiscalCode: string | null;
            offlineFiscalCode: string | null;
            mevId: string | null;
            /** @description Minor units: a receipt or cash operation never negative (the type gives the direction); a report the day’s net, negative when its returns exceeded its sales */
            total: number;
            vat: {
                /** @enum {string} */
                code: "A" | "B" | "C" | "D" | "E" | "_";
                /** @description Basis points (2000 = 20 %); null: exempt */
                rateBp: number | null;
                /** @description Integer minor units (bani); negative only on an X or Z report */
                taxableAmount: number;
                /** @description Integer minor units (bani); negative only on an X or Z report */
                vatAmount: number;
            }[];
            payments: {
                /**
                 * @description ACPS payment code
                 * @enum {string}
                 */
                code: "1" | "2" | "5" | "6" | "7" | "3.1" | "3.2" | "3.3" | "8.1" | "8.2" | "8.3" | "8.4" | "8.5" | "8.8" | "8.9";
                /** @description Integer minor units (bani); negative only on an X or Z report */
                amount: number;
            }[];
            /** @description A sale's own id; for a refund, the refunded sale's id */
            saleId: string | null;
            refundId: string | null;
            lines: {
                position: number;
                /** @description The catalog product (prod_...) the line was sold from; null for free-text lines */
                productId: string | null;
                name: string;
                /** @description Thousandths of the unit, > 0 */
                quantityMilli: number;
                /** @description Integer minor units (bani), never negative */
                unitPrice: number;
                /** @description What the line cost after discounts, VAT included */
                amount: number;
                /** @enum {string} */
                vatCode: "A" | "B" | "C" | "D" | "E" | "_";
            }[];
            /** @description The fiscal device's registration number with the tax service (NR. INREGISTRARE) */
            registrationNumber?: string | null;
            /** @description The tax service's receipt check link the receipt's QR code holds; null on other documents */
            verificationUrl?: string | null;
            /** @description Change given in cash on a sale (REST), minor units */
            change?: number | null;
            /** @description The terminal's IANA time zone (TZ) as it pushes the document: the cloud fixes the document's calendar day and printed time with it when it first stores it. Absent (terminals before it): Europe/Chisinau */
            timeZone?: components["schemas"]["TimeZone"];
        };
        /** @description An IANA time zone name, e.g. Europe/Chisinau */
        TimeZone: string;
        DeviceHealthReport: {
            /**
             * Format: date-time
             * @description The terminal’s clock when it built the report
             */
            reportedAt: string;
            /** @description The terminal’s software version */
            version: string;
            /**
             * @description degraded: it refuses some operations (disk, clock)
             * @enum {string}
             */
            status: "ready" | "degraded";
            /**
             * @description offline: the tax authority’s server is away or refuses it; sales are queued
             * @enum {string}
             */
            fiscalStatus: "online" | "offline" | "not_fiscal";
            /** @description The open fiscal day (24 h from its first receipt, then only a Z report); null: none open */
            fiscalDay: {
                /** Format: date-time */
                startedAt: string;
                /** Format: date-time */
                expiresAt: string;
            } | null;
            /** @description The offline queue */
            offlineQueue: {
                /** @description Fiscal operations the tax server has not confirmed */
                size: number;
                /** @description When the oldest of them was issued */
                oldestAt: string | null;
            };
            /** @description Fiscal documents the cloud has not confirmed yet */
            documentsWaiting: number;
            /** @description Of documentsWaiting, those the cloud refused (400): set aside, offered again at start and every few hours */
            documentsRefused?: number;
            /** @description The latest refusal of a document still set aside; null when documentsRefused is 0 */
            lastRefusal?: {
                /** @description The refused document’s fiscal operation */
                operationId: string;
                /** @description The cloud’s answer with the fields it refused, or why the terminal could not build it */
                reason: string;
                /**
                 * Format: date-time
                 * @description When it was refused (the terminal’s clock)
                 */
                at: string;
            } | null;
            /** @description The receipt printer */
            printer: {
                /** @enum {string} */
                state: "none" | "ready" | "paper-near-end" | "paper-out" | "cover-open" | "offline" | "unreachable" | "unknown";
                /** @description Paper waiting for the printer */
                queuedJobs: number;
                /** @description Jobs the printer never confirmed (a cashier must decide) */
                unconfirmedJobs: number;
            };
            /**
             * @description The terminal’s outbound link to the relay
             * @enum {string}
             */
            relay: "none" | "connected" | "disconnected";
            /** @description The terminal’s IANA time zone (TZ): its calendar days (“today” on the console’s overview) */
            timeZone?: components["schemas"]["TimeZone"];
            /** @description What every fiscal document prints of the device (the console’s receipt view shows it); null: not fiscalized. Serial number and tax office are null until `fiscalize` gave them */
            fiscalIdentity?: {
                /** @description NR. INREGISTRARE: the registration with the tax service */
                registrationNumber: string;
                /** @description NR. SERIE: the device’s serial number */
                serialNumber: string | null;
                /** @description SFS: the tax office it was registered at */
                taxOfficeAddress: string | null;
            } | null;
            /** @description A fiscal day keeps one VAT table: as the terminal’s GET /api/health says (`vatRates`) */
            vatRates?: {
                /** @description The rates documents are calculated with: the open fiscal day’s, fixed by its first document until its Z report; the configured ones before the day’s first document */
                inUse: {
                    /** @enum {string} */
                    code: "A" | "B" | "C" | "D" | "E" | "_";
                    /** @description 2000 = 20 %; 0 for the exempt code `_` */
                    rateBasisPoints: number;
                    /** @description True only for `_`, which is fixed */
                    exempt: boolean;
                }[];
                /** @description The configured rates (the cloud’s, or VAT_RATES) when they differ from the open day’s: in use from the next fiscal day, right after its Z report; null when none wait */
                pending: {
                    /** @enum {string} */
                    code: "A" | "B" | "C" | "D" | "E" | "_";
                    /** @description 2000 = 20 %; 0 for the exempt code `_` */
                    rateBasisPoints: number;
                    /** @description True only for `_`, which is fixed */
                    exempt: boolean;
                }[] | null;
            };
        };
        RelayVerifiedDevice: {
            terminalId: string;
            /** @description The terminal’s address on the relay: /api/relay/<publicId>/... */
            publicId: string;
            merchantId: string;
            /** @description Named again in the revocations feed when it stops working */
            credentialId: string;
            /** @description Counts this terminal’s verified dials, one up each time: of two links of one terminal the relay keeps the one with the higher number */
            linkSeq: number;
        };
        RelayVerifyRequest: {
            deviceCredential: string;
        };
        RelayRevocations: {
            revoked: {
                credentialId: string;
                terminalId: string;
            }[];
            /** @description Send it back as `since` next time */
            cursor: string;
        };
        ConsoleSession: {
            user: {
                id: string;
                email: string;
                /** @enum {string} */
                role: "viewer" | "manager" | "owner";
                /** @description Whether two-factor sign-in is on */
                totpEnabled: boolean;
            };
            merchant: {
                id: string;
                name: string;
            };
            /** @description Send it as X-CSRF-Token with every change (POST, PUT, PATCH, DELETE). */
            csrfToken: string;
            /** @description When the session ends at the latest (it ends earlier after 30 idle minutes). */
            expiresAt: string;
        };
        ConsoleSignIn: {
            email: string;
            password: string;
            /** @description For users with two-factor sign-in; without it they get 401 totp_required */
            totp?: string;
        };
        ConsolePasswordResetRequest: {
            email: string;
        };
        ConsolePasswordResetComplete: {
            token: string;
            /** @description 10 to 256 characters */
            password: string;
            /** @description For users with two-factor sign-in */
            totp?: string;
        };
        ConsoleInvitationPreview: {
            email: string;
            /** @enum {string} */
            role: "viewer" | "manager" | "owner";
            merchant: {
                name: string;
            };
            expiresAt: string;
        };
        ConsoleAcceptInvitation: {
            token: string;
            /** @description 10 to 256 characters */
            password: string;
        };
        ConsoleTotpSetup: {
            /** @description Base32, for typing into an authenticator app */
            secret: string;
            /** @description otpauth:// URI, for a QR code */
            uri: string;
        };
        ConsoleTotpEnable: {
            /** @description The 6-digit code of the authenticator app */
            code: string;
            /** @description The account’s current password */
            password: string;
        };
        ConsoleTotpDisable: {
            /** @description The 6-digit code of the authenticator app */
            code: string;
        } | {
            password: string;
        };
        ListedFiscalDocumentPage: {
            data: components["schemas"]["ListedFiscalDocument"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        ListedFiscalDocument: {
            id: string;
            /** @enum {string} */
            type: "sale" | "refund" | "cash_in" | "cash_out" | "x_report" | "z_report";
            terminalId: string;
            /** @description The terminal's fiscal operation id */
            operationId: string;
            revision: number;
            /**
             * @description The MEV status: pending, sent, offline (registered later), synced, failed (refused)
             * @enum {string}
             */
            status: "pending" | "sent" | "offline" | "synced" | "failed";
            /**
             * Format: date-time
             * @description When the terminal issued it
             */
            createdAt: string;
            /** Format: date-time */
            receivedAt: string;
            /** Format: date-time */
            updatedAt: string;
            receiptNumber: number | null;
            reportNumber: number;
            fiscalCode: string | null;
            offlineFiscalCode: string | null;
            mevId: string | null;
            /** @description The terminal's sale id; for a refund, the refunded sale's */
            saleId: string | null;
            refundId: string | null;
            /** @constant */
            currency: "MDL";
            /** @description MDL; never negative on a receipt or cash operation (a refund gives it back); an X or Z report’s is the day’s net, negative when it gave back more than it sold */
            total: number;
            vat: {
                /** @enum {string} */
                code: "A" | "B" | "C" | "D" | "E" | "_";
                /** @description Percent; null: exempt */
                rate: number | null;
                taxableAmount: number;
                vatAmount: number;
            }[];
            payments: {
                /** @description ACPS payment code */
                code: string;
                amount: number;
            }[];
            /** @description The fiscal device's registration number; null if the terminal did not send it */
            registrationNumber: string | null;
            /** @description The tax service's check link the receipt's QR code holds; null on other documents */
            verificationUrl: string | null;
            /** @description Change given in cash (sales); null when not sent */
            change: number | null;
            /** @description The IANA time zone of the document's calendar day and printed time: its terminal's when it was issued (Europe/Chisinau for documents of terminals that did not report theirs) */
            timeZone: string;
            terminalName: string;
        };
        FiscalDocumentDetail: {
            document: components["schemas"]["FiscalDocument"];
            terminalName: string;
            /** @description The receipt header: the merchant's name, fiscal code (IDNO) and address as the cloud has them */
            merchant: {
                name: string;
                idno: string | null;
                address: string | null;
            };
            /** @description Date and time of issue as the receipt prints them, in the document's time zone (timeZone) */
            printedAt: {
                /** @description DD.MM.YYYY */
                date: string;
                /** @description HH:MM:SS */
                time: string;
            };
            /** @description What the receipt prints of its fiscal device, as the terminal last reported it (its health report); null each until the terminal reports it */
            device: {
                /** @description NR. SERIE: the fiscal device’s serial number */
                serialNumber: string | null;
                /** @description SFS: the address of the tax office the device is registered at */
                taxOfficeAddress: string | null;
            };
            /** @description A sale's refunds, oldest first; empty for other documents */
            refunds: components["schemas"]["FiscalDocument"][];
            /** @description For a sale: what its refunds gave back so far, in total and per line position */
            refunded: {
                /** @description Given back by refunds the tax server did not refuse */
                total: number;
                remaining: number;
                lines: {
                    position: number;
                    quantity: number;
                    amount: number;
                }[];
            } | null;
            /** @description For a refund: the sale it gives back */
            sale: {
                id: string;
                receiptNumber: number | null;
                /** Format: date-time */
                createdAt: string;
                total: number;
            } | null;
        };
        FiscalDocument: {
            id: string;
            /** @enum {string} */
            type: "sale" | "refund" | "cash_in" | "cash_out" | "x_report" | "z_report";
            terminalId: string;
            /** @description The terminal's fiscal operation id */
            operationId: string;
            revision: number;
            /**
             * @description The MEV status: pending, sent, offline (registered later), synced, failed (refused)
             * @enum {string}
             */
            status: "pending" | "sent" | "offline" | "synced" | "failed";
            /**
             * Format: date-time
             * @description When the terminal issued it
             */
            createdAt: string;
            /** Format: date-time */
            receivedAt: string;
            /** Format: date-time */
            updatedAt: string;
            receiptNumber: number | null;
            reportNumber: number;
            fiscalCode: string | null;
            offlineFiscalCode: string | null;
            mevId: string | null;
            /** @description The terminal's sale id; for a refund, the refunded sale's */
            saleId: string | null;
            refundId: string | null;
            /** @constant */
            currency: "MDL";
            /** @description MDL; never negative on a receipt or cash operation (a refund gives it back); an X or Z report’s is the day’s net, negative when it gave back more than it sold */
            total: number;
            vat: {
                /** @enum {string} */
                code: "A" | "B" | "C" | "D" | "E" | "_";
                /** @description Percent; null: exempt */
                rate: number | null;
                taxableAmount: number;
                vatAmount: number;
            }[];
            payments: {
                /** @description ACPS payment code */
                code: string;
                amount: number;
            }[];
            lines: {
                position: number;
                productId: string | null;
                name: string;
                /** @description Units, 3 decimals */
                quantity: number;
                unitPrice: number;
                amount: number;
                /** @enum {string} */
                vatCode: "A" | "B" | "C" | "D" | "E" | "_";
            }[];
            /** @description The fiscal device's registration number; null if the terminal did not send it */
            registrationNumber: string | null;
            /** @description The tax service's check link the receipt's QR code holds; null on other documents */
            verificationUrl: string | null;
            /** @description Change given in cash (sales); null when not sent */
            change: number | null;
            /** @description The IANA time zone of the document's calendar day and printed time: its terminal's when it was issued (Europe/Chisinau for documents of terminals that did not report theirs) */
            timeZone: string;
        };
        VatDailyReport: {
            /** Format: date */
            from: string;
            /** Format: date */
            to: string;
            /** @description The time zones of the terminals counted (one terminal’s with terminalId): each receipt counts on its own terminal’s calendar day, in the zone it was issued in */
            timeZones: string[];
            days: {
                /** Format: date */
                day: string;
                vat: {
                    /** @enum {string} */
                    code: "A" | "B" | "C" | "D" | "E" | "_";
                    /** @description Percent; null: exempt */
                    rate: number | null;
                    sales: {
                        taxable: number;
                        vat: number;
                        gross: number;
                    };
                    refunds: {
                        taxable: number;
                        vat: number;
                        gross: number;
                    };
                    /** @description Sales minus refunds */
                    net: {
                        taxable: number;
                        vat: number;
                        gross: number;
                    };
                }[];
                net: {
                    taxable: number;
                    vat: number;
                    gross: number;
                };
            }[];
            /** @description The whole range, per VAT code and rate */
            totals: {
                /** @enum {string} */
                code: "A" | "B" | "C" | "D" | "E" | "_";
                /** @description Percent; null: exempt */
                rate: number | null;
                sales: {
                    taxable: number;
                    vat: number;
                    gross: number;
                };
                refunds: {
                    taxable: number;
                    vat: number;
                    gross: number;
                };
                /** @description Sales minus refunds */
                net: {
                    taxable: number;
                    vat: number;
                    gross: number;
                };
            }[];
            net: {
                taxable: number;
                vat: number;
                gross: number;
            };
        };
        ConsoleOrderPage: {
            data: components["schemas"]["Order"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        ConsoleUserPage: {
            data: components["schemas"]["ConsoleUser"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        ConsoleUser: {
            id: string;
            email: string;
            /** @enum {string} */
            role: "viewer" | "manager" | "owner";
            /** @description Whether the user signs in with a second factor */
            totpEnabled: boolean;
            createdAt: string;
        };
        ConsoleInvited: {
            invitation: components["schemas"]["ConsoleInvitation"];
            /** @description Whether the link was queued for mailing (false without SMTP_URL) */
            mailed: boolean;
            /** @description The invitation link when it was not mailed, to pass on; shown this once */
            link: string | null;
        };
        ConsoleInvitation: {
            id: string;
            email: string;
            /** @enum {string} */
            role: "viewer" | "manager" | "owner";
            createdAt: string;
            /** @description 7 days after it was made */
            expiresAt: string;
        };
        ConsoleInvite: {
            email: string;
            /** @enum {string} */
            role: "viewer" | "manager" | "owner";
        };
        ConsoleInvitationList: {
            data: components["schemas"]["ConsoleInvitation"][];
        };
        ConsoleUserRoleChange: {
            /** @enum {string} */
            role: "viewer" | "manager" | "owner";
        };
        ConsoleUserRef: {
            userId: string;
        };
        ConsoleFleetOverview: {
            /** Format: date-time */
            generatedAt: string;
            /** @description What the alerts and "online" count from (docs/console.md, Fleet) */
            thresholds: {
                fiscalDayExpiryWarningSeconds: number;
                offlineQueueMaxAgeSeconds: number;
                silentAfterSeconds: number;
                onlineWithinSeconds: number;
            };
            summary: {
                /** @description Terminals that are not deactivated */
                terminals: number;
                online: number;
                /** @description Critical alerts */
                critical: number;
                /** @description Warnings */
                warning: number;
            };
            terminals: components["schemas"]["ConsoleTerminal"][];
            sales: {
                terminals: {
                    terminalId: string;
                    /** @description The terminal’s time zone, whose calendar days these are (its health report’s; Europe/Chisinau until it reports one). Each document counts on its own day, in the zone it was issued in */
                    timeZone: string;
                    /**
                     * Format: date
                     * @description Today in that zone
                     */
                    todayDate: string;
                    /**
                     * Format: date
                     * @description This week’s Monday in that zone
                     */
                    weekStart: string;
                    today: components["schemas"]["ConsoleSalesTotals"];
                    week: components["schemas"]["ConsoleSalesTotals"];
                    /** @description Monday to today */
                    days: {
                        salesCount: number;
                        /** @description MDL, 2 decimals */
                        sales: number;
                        refundsCount: number;
                        /** @description MDL, 2 decimals */
                        refunds: number;
                        /** @description MDL, 2 decimals */
                        net: number;
                        /** Format: date */
                        date: string;
                    }[];
                }[];
            };
        };
        ConsoleTerminal: {
            id: string;
            name: string;
            /** @enum {string} */
            status: "pending" | "active" | "deactivated";
            publicId: string;
            /** @description {relay_url}: the terminal API from anywhere; null until the cloud knows the relay (RELAY_PUBLIC_URL) */
            relayAddress: string | null;
            /** Format: date-time */
            createdAt: string;
            activatedAt: string | null;
            deactivatedAt: string | null;
            apiKeyLastFour: string | null;
            apiKeyRotationPending: boolean;
            /** @description Reported within the last 3 minutes and linked to the relay */
            online: boolean;
            /** @description Its last health report; null: never */
            lastSeenAt: string | null;
            health: components["schemas"]["ConsoleTerminalHealth"] | null;
            alerts: components["schemas"]["ConsoleFleetAlert"][];
        };
        ConsoleTerminalHealth: {
            /**
             * Format: date-time
             * @description When the report arrived
             */
            reportedAt: string;
            version: string;
            /** @enum {string} */
            status: "ready" | "degraded";
            /** @enum {string} */
            fiscalStatus: "online" | "offline" | "not_fiscal";
            /** @description The open fiscal day’s end; null: no day open */
            fiscalDayExpiresAt: string | null;
            offlineQueueSize: number;
            offlineQueueOldestAt: string | null;
            /** @description Documents not yet in the cloud */
            documentsWaiting: number;
            /** @description Of documentsWaiting, those the cloud refused (400): missing from sales, stock and the ERP until mended; null: the terminal does not report them (a version before them) */
            documentsRefused: number | null;
            /** @description The latest refusal of a document still refused; null: none, or the terminal does not say */
            lastRefusal: {
                /** @description The refused document’s fiscal operation, on the terminal */
                operationId: string;
                /** @description The cloud’s answer with the fields it refused, or why the terminal could not build it */
                reason: string;
                /** Format: date-time */
                at: string;
            } | null;
            printer: {
                /** @enum {string} */
                state: "none" | "ready" | "paper-near-end" | "paper-out" | "cover-open" | "offline" | "unreachable" | "unknown";
                queuedJobs: number;
                unconfirmedJobs: number;
            };
            /** @enum {string} */
            relay: "none" | "connected" | "disconnected";
            /** @description The terminal’s VAT rates; null: it does not report them (a version before the report had them) */
            vatRates: {
                /** @description The open fiscal day’s (fixed by its first document), or the configured ones */
                inUse: {
                    /** @enum {string} */
                    code: "A" | "B" | "C" | "D" | "E" | "_";
                    /** @description Percent; null: exempt */
                    rate: number | null;
                }[];
                /** @description The configured rates when they differ from the open day’s: in use from the next fiscal day; null: none wait */
                pending: {
                    /** @enum {string} */
                    code: "A" | "B" | "C" | "D" | "E" | "_";
                    /** @description Percent; null: exempt */
                    rate: number | null;
                }[] | null;
            } | null;
        };
        ConsoleFleetAlert: {
            /** @enum {string} */
            code: "fiscal_day_expired" | "fiscal_day_expiring" | "offline_queue_stale" | "documents_refused" | "printer_paper_out" | "printer_unavailable" | "print_jobs_unconfirmed" | "terminal_degraded" | "terminal_silent";
            /** @enum {string} */
            severity: "critical" | "warning";
            /** @description What the alert is about: the day’s expiry, the oldest queued document, the last refusal, the last report */
            at: string | null;
        };
        ConsoleSalesTotals: {
            salesCount: number;
            /** @description MDL, 2 decimals */
            sales: number;
            refundsCount: number;
            /** @description MDL, 2 decimals */
            refunds: number;
            /** @description MDL, 2 decimals */
            net: number;
        };
        ConsoleTerminalPage: {
            data: components["schemas"]["ConsoleTerminal"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        ConsoleTerminalActivation: {
            terminal: components["schemas"]["ConsoleTerminal"];
            activation: {
                /** @description XXXX-XXXX, single use; shown in this answer only */
                code: string;
                /** Format: date-time */
                expiresAt: string;
                /** @description What the activation QR code holds (the page draws it): fiscal-pos://activate?cloud=<cloud URL>&code=<code> */
                qrPayload: string;
            };
        };
        ConsoleTerminalKeyRotation: {
            terminal: components["schemas"]["ConsoleTerminal"];
            apiKey: {
                id: string;
                lastFour: string;
            };
        };
        ConsoleTerminalTest: {
            /**
             * @description ok: the terminal answered through the relay; not_connected: the relay holds no link to it; relay_error: another answer of the relay; relay_unreachable: the cloud could not reach the relay; timeout: no answer within 10 s; relay_not_configured: RELAY_PUBLIC_URL is not set
             * @enum {string}
             */
            outcome: "ok" | "relay_not_configured" | "not_connected" | "relay_error" | "relay_unreachable" | "timeout";
            httpStatus: number | null;
            /** @description Through the relay, there and back */
            latencyMs: number | null;
            /** @description What its GET /api/health said */
            terminal: {
                version: string;
                status: string;
                fiscalStatus: string;
            } | null;
            detail: string | null;
            relayAddress: string | null;
            /** Format: date-time */
            testedAt: string;
        };
        ConsoleIntegrationKeyPage: {
            data: components["schemas"]["ConsoleIntegrationKey"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        ConsoleIntegrationKey: {
            id: string;
            name: string;
            /** @description The key’s first characters, to recognise it */
            displayPrefix: string;
            lastFour: string;
            scopes: string[];
            /** Format: date-time */
            createdAt: string;
            revokedAt: string | null;
            /** @description End of a rotation grace period */
            expiresAt: string | null;
            /** @description The successor of a rotated key */
            rotatedToId: string | null;
            /** @description Its last request, to the minute; null: never used */
            lastUsedAt: string | null;
            /**
             * @description rotating: replaced, works until expiresAt; expired: its grace ended; revoked: stopped at once
             * @enum {string}
             */
            state: "active" | "rotating" | "expired" | "revoked";
        };
        CreatedIntegrationKey: {
            id: string;
            /** @description The key itself: in this answer only, never again (not in idempotent replays) */
            key: string;
            displayPrefix: string;
            lastFour: string;
            scopes: string[];
        };
        ConsoleCategoryChange: {
            name?: string;
            /** @description Moves it: null to the top */
            parentId?: string | null;
            position?: number;
        };
        ConsoleCashierChange: {
            name?: string;
            /** @enum {string} */
            role?: "cashier" | "administrator";
        };
        ConsolePinResetDone: {
            cashier: components["schemas"]["Cashier"];
            pin: string;
        };
        ConsolePinReset: {
            /** @description The new PIN; when left out the cloud draws one at random */
            pin?: string;
        };
        ConsoleProductPage: {
            data: components["schemas"]["Product"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        ProductImportReport: {
            /** @enum {string} */
            mode: "validate" | "apply";
            /** @description True when every row was written; false when nothing was */
            applied: boolean;
            /** @description Product rows in the file (empty rows not counted) */
            rows: number;
            /** @description New products the rows make (or would make) */
            created: number;
            /** @description Products the rows change */
            updated: number;
            /** @description Products the rows leave as they are */
            unchanged: number;
            /** @description Products whose on-hand stock the file sets to another figure */
            stockChanged: number;
            /** @description Categories the rows' category_path names that did not exist: created (or to be) */
            categoriesCreated: number;
            errorCount: number;
            /** @description The first 1000 errors, by row */
            errors: {
                /** @description As a spreadsheet numbers it: 1 is the header; 0 is the file as a whole */
                row: number;
                column: ("code" | "sku" | "barcodes" | "name_ro" | "name_ru" | "name_en" | "description_ro" | "description_ru" | "description_en" | "category_path" | "vat_code" | "unit" | "price" | "active" | "on_hand") | null;
                message: string;
            }[];
        };
        ConsoleProductChange: {
            barcodes?: string[];
            /** @description The name a terminal prints, in Romanian (always), Russian and English */
            name?: {
                /** @description runs of spaces are printed as one, none at either end */
                ro: string;
                /** @description runs of spaces are printed as one, none at either end */
                ru?: string;
                /** @description runs of spaces are printed as one, none at either end */
                en?: string;
            };
            /** @description At most 5000 characters per language */
            description?: {
                ro: string;
                ru?: string;
                en?: string;
            } | null;
            /** @description VAT-inclusive unit price in MDL, > 0, at most 2 decimals */
            price?: number;
            /** @enum {string} */
            vatCode?: "A" | "B" | "C" | "D" | "E" | "_";
            unit?: string;
            category?: string | null;
            /** @description PLU, unique among live products */
            sku?: string | null;
            /** @description One of the merchant's categories */
            categoryId?: string | null;
            active?: boolean;
            /** @description At most 50 blocks of at most 20000 characters per language */
            content?: {
                [key: string]: {
                    ro: string;
                    ru?: string;
                    en?: string;
                };
            };
            /** @description The merchant's own code, unique per merchant */
            code?: string;
        };
        ConsoleContentBlockWrite: {
            /** @description The block's heading in each language */
            labels: components["schemas"]["LocalizedText"];
            /**
             * @description Order among the blocks
             * @default 0
             */
            position: number;
        };
        ConsoleProductStock: {
            inventory: components["schemas"]["Inventory"];
            movements: components["schemas"]["StockMovementPage"];
        };
        StockMovementPage: {
            data: components["schemas"]["StockMovement"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        StockMovement: {
            id: string;
            /** @description Units added (negative: removed), 3 decimals */
            delta: number;
            reason: string;
            /**
             * @description What moved the stock
             * @enum {string}
             */
            sourceKind: "adjustment" | "sale" | "refund" | "admin";
            /** @description The sale's or refund's operation, or the adjustment's Idempotency-Key */
            sourceId: string;
            /** Format: date-time */
            createdAt: string;
        };
        ConsoleStockAdjustment: {
            /** @description Units to add (negative: remove), at most 1000000000 either way, at most 3 decimals */
            delta: number;
            /** @description Why stock changed, e.g. "stocktake", "damaged" */
            reason: string;
        };
        ConsoleActivityPage: {
            data: components["schemas"]["ConsoleActivityEntry"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        ConsoleActivityEntry: {
            id: string;
            /** Format: date-time */
            at: string;
            actor: {
                /** @constant */
                kind: "operator";
            } | {
                /** @constant */
                kind: "console_user";
                userId: string;
                /** @description The address the user had then */
                email: string;
            };
            /** @description The operationId of the request (consoleCreateTerminal, adminCreateTerminal, ...) */
            operation: string;
            /** @description What was changed; null for changes to no one thing (signing in, an import) */
            subject: {
                /** @enum {string} */
                kind: "merchant" | "terminal" | "integration-key" | "category" | "cashier" | "product" | "content-block" | "vat-rate" | "order" | "webhook" | "user" | "invitation";
                /** @description Null when not known: a refused create, a create before migration 0019 */
                id: string | null;
                /** @description Its name when the change was made (a product’s in Romanian); null before it was kept */
                name: string | null;
            } | null;
            method: string;
            /** @description The request path, with the ids of what was changed */
            path: string;
            /** @description The HTTP status answered: a refused request is listed too */
            status: number;
            /** @description A retry with an Idempotency-Key that got the first answer again */
            replayed: boolean;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    ping: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key is valid */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ping"];
                };
            };
            /** @description No valid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listProducts: {
        parameters: {
            query?: {
                /** @description Page size, 1-200 */
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description Only products changed at or after this instant, deleted ones included (incremental sync), before the oldest write still open: ask again from the largest updatedAt read and nothing is missed */
                updatedSince?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of products */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductPage"];
                };
            };
            /** @description Bad query */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductWrite"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Bad body (errors[] names the fields) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another product has this code or SKU */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The product's code, the merchant's own */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductDetail"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such product */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    updateProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The product's code; its id still works here, deprecated */
                code: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductWrite"];
            };
        };
        responses: {
            /** @description The product */
            200: {
                headers: {
                    /** @description Present when the URL named the product by its id, deprecated: use its code */
                    Deprecation?: string;
                    /** @description With Deprecation: the URL of the product by its code (rel="successor-version") */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Bad body (errors[] names the fields) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such product */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another product has this code or SKU */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The product's code; its id still works here, deprecated */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description Present when the URL named the product by its id, deprecated: use its code */
                    Deprecation?: string;
                    /** @description With Deprecation: the URL of the product by its code (rel="successor-version") */
                    Link?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such product */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listContentBlocks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Block definitions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentBlockList"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getInventory: {
        parameters: {
            query: {
                productCode: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stock of the product */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Inventory"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such product */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    createInventoryAdjustment: {
        parameters: {
            query?: never;
            header: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InventoryAdjustmentWrite"];
            };
        };
        responses: {
            /** @description Replayed: this key was applied before */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryAdjustment"];
                };
            };
            /** @description Applied */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryAdjustment"];
                };
            };
            /** @description Bad body (errors[] names the fields) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such product */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used for another adjustment */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listOrders: {
        parameters: {
            query?: {
                /** @description Page size, 1-200 */
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description Only orders changed at or after this instant, before the oldest write still open: ask again from the largest updatedAt read and nothing is missed */
                updatedSince?: string;
                externalOrderId?: string;
                status?: "draft" | "confirmed" | "fulfilled" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of orders */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderPage"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    createOrder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOrder"];
            };
        };
        responses: {
            /** @description Same externalOrderId and body as an earlier request: that order (Idempotent-Replayed: true) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Same externalOrderId with another body */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A line refers to an unknown or inactive product */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    confirmOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order after the change; when it was confirmed already, the order unchanged (Idempotent-Replayed: true) and no event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The order is in a status this change cannot leave */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    cancelOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CancelOrder"];
            };
        };
        responses: {
            /** @description The order after the change; when it was cancelled already, the order unchanged (Idempotent-Replayed: true) and no event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The order is in a status this change cannot leave */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listSales: {
        parameters: {
            query?: {
                /** @description Page size, 1-200 */
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
                terminalId?: string;
                /** @description Only sales or only refunds; both when absent */
                type?: "sale" | "refund";
                /** @description Issued at or after this instant */
                from?: string;
                /** @description Issued before this instant */
                to?: string;
                /** @description Only receipts that arrived or changed at or after this instant, before the oldest write still open; ordered by updatedAt (incremental sync) */
                updatedSince?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sales */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SalePage"];
                };
            };
            /** @description Bad query */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getSale: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sale */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sale"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such sale */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Endpoints */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"][];
                    };
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhook"];
            };
        };
        responses: {
            /** @description Replayed: this Idempotency-Key registered the endpoint before */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhookEndpoint"];
                };
            };
            /** @description Registered */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhookEndpoint"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An event carries data the key's scopes cannot read (its read routes' scopes) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key registered another endpoint */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description URL not https or not on a public address, or too many endpoints */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such endpoint */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    pingWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eventId: string;
                    };
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such endpoint, or it is disabled */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page size, 1-200 */
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
                status?: "pending" | "succeeded" | "failed";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryPage"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    redeliverWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued again */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such delivery, or its endpoint is disabled */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The delivery is still pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RotateWebhookSecret"];
            };
        };
        responses: {
            /** @description The new secret, shown only here */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedWebhookSecret"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Module inactive or scope missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such endpoint */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminListMerchants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Merchants */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AdminMerchant"][];
                    };
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminCreateMerchant: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminCreateMerchant"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminCreatedMerchant"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ownerEmail already has a console account (nothing was created) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminUpdateMerchant: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminUpdateMerchant"];
            };
        };
        responses: {
            /** @description The merchant as changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminMerchant"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, key, product or order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminSwitchIntegration: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IntegrationModule"];
            };
        };
        responses: {
            /** @description The switch as set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        merchantId: string;
                        integrationActive: boolean;
                    };
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, key, product or order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminListKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Keys */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["IntegrationKey"][];
                    };
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, key, product or order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminCreateKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateIntegrationKey"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminCreatedKey"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, key, product or order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminRotateKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RotateIntegrationKey"];
            };
        };
        responses: {
            /** @description The successor, with its key (in this answer only) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The key itself: in this answer only, never again (not in idempotent replays) */
                        key: string;
                        displayPrefix: string;
                        lastFour: string;
                        scopes: string[];
                        merchantId: string;
                        previousKeyId: string;
                        previousKeyValidForSeconds: number;
                    };
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, key, product or order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key was already rotated */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminRevokeKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keyId: string;
                        /** @constant */
                        revoked: true;
                    };
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, key, product or order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminSaveProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
                code: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminSaveProduct"];
            };
        };
        responses: {
            /** @description The product */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, key, product or order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminDeleteProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, key, product or order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminSetStock: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
                code: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminSetStock"];
            };
        };
        responses: {
            /** @description The product */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, key, product or order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminFulfillOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, key, product or order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The order status does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminResealWebhookSecrets: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What was resealed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keyId: string;
                        resealed: number;
                        unreadable: string[];
                    };
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminSeedDemo: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AdminSeedDemo"];
            };
        };
        responses: {
            /** @description The merchant, its key, its terminal’s activation code and its console owner’s password (in this answer only) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        merchantId: string;
                        key: components["schemas"]["AdminCreatedKey"];
                        cashier: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            role: "cashier" | "administrator";
                            /** @description Catalog version of the last change */
                            version: number;
                            /** @description the demo cashier’s PIN, 1234 */
                            pin: string;
                        };
                        terminal: components["schemas"]["AdminIssuedActivationCode"];
                        /** @description The demo’s console owner, to sign in at /console */
                        console: {
                            email: string;
                            password: string;
                        };
                    };
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminListCategories: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Categories */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Category"][];
                    };
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, category or cashier */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminCreateCategory: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CategoryWrite"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, category or cashier */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminUpdateCategory: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
                categoryId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CategoryWrite"];
            };
        };
        responses: {
            /** @description The category */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, category or cashier */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminDeleteCategory: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
                categoryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, category or cashier */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The category still holds categories or products */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminListVatRates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description VAT rates */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["VatRate"][];
                    };
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, category or cashier */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminSetVatRate: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
                code: "A" | "B" | "C" | "D" | "E";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VatRateWrite"];
            };
        };
        responses: {
            /** @description The rate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VatRate"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, category or cashier */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminListCashiers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cashiers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Cashier"][];
                    };
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, category or cashier */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminCreateCashier: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CashierCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cashier"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, category or cashier */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminUpdateCashier: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
                cashierId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CashierUpdate"];
            };
        };
        responses: {
            /** @description The cashier */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cashier"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, category or cashier */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminDeleteCashier: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
                cashierId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, category or cashier */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminCatalogFeed: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous answer; absent or 0 for a full sync */
                cursor?: string;
                /** @description Changes per answer, 1-5000 */
                limit?: number;
            };
            header?: never;
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Changes after the cursor */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogFeed"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, category or cashier */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminListTerminals: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Terminals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AdminTerminal"][];
                    };
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, or no such terminal of it */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminCreateTerminal: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TerminalName"];
            };
        };
        responses: {
            /** @description The terminal and its code */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminIssuedActivationCode"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, or no such terminal of it */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminRenameTerminal: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
                terminalId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TerminalName"];
            };
        };
        responses: {
            /** @description The terminal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTerminal"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, or no such terminal of it */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminDeactivateTerminal: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
                terminalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The terminal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTerminal"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, or no such terminal of it */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The terminal’s status does not allow it (deactivated) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminIssueActivationCode: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
                terminalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The terminal and its code */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminIssuedActivationCode"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, or no such terminal of it */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The terminal’s status does not allow it (deactivated) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adminRotateTerminalApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
                terminalId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RotateTerminalApiKey"];
            };
        };
        responses: {
            /** @description The terminal and the new key’s id and last four */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        terminal: components["schemas"]["AdminTerminal"];
                        apiKey: {
                            id: string;
                            lastFour: string;
                        };
                    };
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such merchant, or no such terminal of it */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The terminal’s status does not allow it (deactivated) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deviceActivate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeviceActivate"];
            };
        };
        responses: {
            /** @description Activated; the credential and key are in this answer only */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceActivation"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_activation_code, activation_code_used or activation_code_expired; nothing changed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deviceGetTerminal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The terminal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceTerminal"];
                };
            };
            /** @description Missing, invalid or revoked device credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The terminal was deactivated */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deviceAcknowledgeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeviceAckApiKey"];
            };
        };
        responses: {
            /** @description Acknowledged */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid or revoked device credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The terminal was deactivated */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such key for this terminal */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deviceRotateCredential: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new credential (in this answer only) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceRotatedCredential"];
                };
            };
            /** @description Missing, invalid or revoked device credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The terminal was deactivated */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deviceCatalogFeed: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous answer; absent or 0 for a full sync */
                cursor?: string;
                /** @description Changes per answer, 1-5000 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Changes after the cursor */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogFeed"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid or revoked device credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The terminal was deactivated */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    devicePushDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PushFiscalDocuments"];
            };
        };
        responses: {
            /** @description What became of each document, in the order pushed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PushFiscalDocumentsResult"];
                };
            };
            /** @description A document failed validation; nothing was stored */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid or revoked device credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The terminal was deactivated */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deviceReportHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeviceHealthReport"];
            };
        };
        responses: {
            /** @description Kept */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The report failed validation; nothing was kept */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, invalid or revoked device credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The terminal was deactivated */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    relayVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RelayVerifyRequest"];
            };
        };
        responses: {
            /** @description A live credential of an active terminal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayVerifiedDevice"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid relay token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description terminal_deactivated */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    relayRevocations: {
        parameters: {
            query?: {
                /** @description The cursor of the previous answer; none: start now */
                since?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked credentials and the next cursor */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayRevocations"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid relay token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleSignIn"];
            };
        };
        responses: {
            /** @description Signed in; the session cookie is set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleSession"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Wrong e-mail address, password or code; or the code is required (totp_required) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleGetSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleSession"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleSignOut: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out; the cookie is cleared */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleSignOutEverywhere: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every session ended; the cookie is cleared */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleRequestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsolePasswordResetRequest"];
            };
        };
        responses: {
            /** @description Asked; a link is mailed if the address has an account */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleCompletePasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsolePasswordResetComplete"];
            };
        };
        responses: {
            /** @description Password set; signed in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleSession"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The account has two-factor sign-in and no code was sent (totp_required) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The link is unknown, used or expired; or the code is wrong */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleGetInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleInvitationPreview"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The link is unknown, withdrawn, accepted or expired */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleAcceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleAcceptInvitation"];
            };
        };
        responses: {
            /** @description The user is made; signed in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleSession"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The address became a console user meanwhile */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The link is unknown, withdrawn, accepted or expired */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleSetUpTotp: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleTotpSetup"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Two-factor sign-in is on already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleEnableTotp: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleTotpEnable"];
            };
        };
        responses: {
            /** @description On: signing in asks for a code from now on; the user’s other sessions are ended */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description On already, or not set up */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Wrong password (errors at `password`) or wrong code */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many password or code checks of this account (the sign-in limit) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleDisableTotp: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleTotpDisable"];
            };
        };
        responses: {
            /** @description Off */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description It is off */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Wrong code or password */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many password or code checks of this account (the sign-in limit) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listConsoleSales: {
        parameters: {
            query?: {
                /** @description Page size, 1-200 */
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
                terminalId?: string;
                type?: "sale" | "refund" | "cash_in" | "cash_out" | "x_report" | "z_report";
                /** @description ACPS payment code: documents paid (in part) with it */
                payment?: "1" | "2" | "5" | "6" | "7" | "3.1" | "3.2" | "3.3" | "8.1" | "8.2" | "8.3" | "8.4" | "8.5" | "8.8" | "8.9";
                /** @description From this day on, included */
                from?: string;
                /** @description Up to this day, included */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of documents */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListedFiscalDocumentPage"];
                };
            };
            /** @description Bad query */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    exportConsoleSales: {
        parameters: {
            query?: {
                terminalId?: string;
                type?: "sale" | "refund" | "cash_in" | "cash_out" | "x_report" | "z_report";
                /** @description ACPS payment code: documents paid (in part) with it */
                payment?: "1" | "2" | "5" | "6" | "7" | "3.1" | "3.2" | "3.3" | "8.1" | "8.2" | "8.3" | "8.4" | "8.5" | "8.8" | "8.9";
                /** @description From this day on, included */
                from?: string;
                /** @description Up to this day, included */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file */
            200: {
                headers: {
                    /** @description attachment, with a file name saying the days */
                    "content-disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Bad query */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getConsoleSale: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FiscalDocumentDetail"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such document of this merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getVatDailyReport: {
        parameters: {
            query: {
                /** @description A calendar day (YYYY-MM-DD). Each document counts on its own terminal's day, in the time zone the terminal issued it in (Europe/Chisinau for terminals that do not report theirs), so one day across terminals in different zones covers different instants for each */
                from: string;
                /** @description A calendar day (YYYY-MM-DD). Each document counts on its own terminal's day, in the time zone the terminal issued it in (Europe/Chisinau for terminals that do not report theirs), so one day across terminals in different zones covers different instants for each */
                to: string;
                terminalId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The totals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VatDailyReport"];
                };
            };
            /** @description Bad query */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listConsoleOrders: {
        parameters: {
            query?: {
                /** @description Page size, 1-200 */
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
                status?: "draft" | "confirmed" | "fulfilled" | "cancelled";
                /** @description Created from this day on, included */
                from?: string;
                /** @description Created up to this day, included */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of orders */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleOrderPage"];
                };
            };
            /** @description Bad query */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getConsoleOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such order of this merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    confirmConsoleOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order after the change (unchanged when it had that status already) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such order of this merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The order is in a status this change cannot leave */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    cancelConsoleOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CancelOrder"];
            };
        };
        responses: {
            /** @description The order after the change (unchanged when it had that status already) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such order of this merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The order is in a status this change cannot leave */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    fulfilConsoleOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order after the change (unchanged when it had that status already) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such order of this merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The order is in a status this change cannot leave */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listConsoleWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Endpoints */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"][];
                    };
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    createConsoleWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhook"];
            };
        };
        responses: {
            /** @description Registered */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhookEndpoint"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description URL not https or not public, or too many endpoints */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteConsoleWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such endpoint of this merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    enableConsoleWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such endpoint of this merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    disableConsoleWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such endpoint of this merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listConsoleWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page size, 1-200 */
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
                status?: "pending" | "succeeded" | "failed";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryPage"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such endpoint of this merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    redeliverConsoleWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued again */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such delivery, or its endpoint is disabled */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The delivery is still pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    rotateConsoleWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedWebhookSecret"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such endpoint of this merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    testConsoleWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eventId: string;
                    };
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such endpoint of this merchant, or it is disabled */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleListUsers: {
        parameters: {
            query?: {
                /** @description Page size, 1-200 */
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of users */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleUserPage"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleListInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Pending invitations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleInvitationList"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleInviteUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleInvite"];
            };
        };
        responses: {
            /** @description Invited */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleInvited"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The address already has a console account */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleRevokeInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                invitationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Withdrawn */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such pending invitation */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleRemoveUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such user */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The last owner cannot be removed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleChangeUserRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleUserRoleChange"];
            };
        };
        responses: {
            /** @description The user as changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleUser"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such user */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The last owner cannot be demoted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleSignUserOutEverywhere: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleUserRef"];
            };
        };
        responses: {
            /** @description Every session of the user ended */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such user */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleFleetOverview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The overview */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleFleetOverview"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleListTerminals: {
        parameters: {
            query?: {
                /** @description Page size, 1-200 */
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of terminals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleTerminalPage"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleCreateTerminal: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TerminalName"];
            };
        };
        responses: {
            /** @description The terminal and its activation */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleTerminalActivation"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleGetTerminal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                terminalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The terminal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleTerminal"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such terminal of this merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleRenameTerminal: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                terminalId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TerminalName"];
            };
        };
        responses: {
            /** @description The terminal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleTerminal"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such terminal of this merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleIssueActivationCode: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                terminalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The terminal and its activation */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleTerminalActivation"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such terminal of this merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The terminal’s status does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleDeactivateTerminal: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                terminalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The terminal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleTerminal"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such terminal of this merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The terminal’s status does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleRotateTerminalApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                terminalId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RotateTerminalApiKey"];
            };
        };
        responses: {
            /** @description The terminal and the new key’s id and last four */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleTerminalKeyRotation"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such terminal of this merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The terminal’s status does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleTestTerminal: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                terminalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the test found (a terminal that did not answer is an outcome, not an error) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleTerminalTest"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such terminal of this merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The terminal’s status does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleListIntegrationKeys: {
        parameters: {
            query?: {
                /** @description Page size, 1-200 */
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of keys */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleIntegrationKeyPage"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleCreateIntegrationKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateIntegrationKey"];
            };
        };
        responses: {
            /** @description The key, shown this once */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedIntegrationKey"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleRotateIntegrationKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RotateIntegrationKey"];
            };
        };
        responses: {
            /** @description The successor, with its key (in this answer only) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The key itself: in this answer only, never again (not in idempotent replays) */
                        key: string;
                        displayPrefix: string;
                        lastFour: string;
                        scopes: string[];
                        previousKeyId: string;
                        /** Format: date-time */
                        previousKeyValidUntil: string;
                    };
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such live key of this merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key was already rotated: rotate its successor */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleRevokeIntegrationKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key, revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleIntegrationKey"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such live key of this merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleGetIntegrationModule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The switch */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationModule"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleSetIntegrationModule: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IntegrationModule"];
            };
        };
        responses: {
            /** @description The switch as set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationModule"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleListCategories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Categories */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Category"][];
                    };
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleCreateCategory: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CategoryWrite"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            /** @description Bad input (errors[] names the fields) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleDeleteCategory: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such category of the merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description It still holds categories or products: move them first */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleUpdateCategory: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleCategoryChange"];
            };
        };
        responses: {
            /** @description The category */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            /** @description Bad input (errors[] names the fields) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such category of the merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleListCashiers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cashiers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Cashier"][];
                    };
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleCreateCashier: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CashierCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cashier"];
                };
            };
            /** @description Bad input (errors[] names the fields) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleDeactivateCashier: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deactivated */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such cashier of the merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleUpdateCashier: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleCashierChange"];
            };
        };
        responses: {
            /** @description The cashier */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cashier"];
                };
            };
            /** @description Bad input (errors[] names the fields) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such cashier of the merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleResetCashierPin: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsolePinReset"];
            };
        };
        responses: {
            /** @description The cashier and the new PIN (shown once) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsolePinResetDone"];
                };
            };
            /** @description Bad input (errors[] names the fields) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such cashier of the merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleListVatRates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description VAT rates */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["VatRate"][];
                    };
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleListProducts: {
        parameters: {
            query?: {
                /** @description Page size, 1-200 */
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description Part of the code, SKU or a name (any language), or a whole barcode */
                q?: string;
                /** @description Products in this category or below it */
                categoryId?: string;
                /** @description Only active (true) or inactive (false) products */
                active?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of products */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleProductPage"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleCreateProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductWrite"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Bad input (errors[] names the fields) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another product has this code or SKU */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleExportProducts: {
        parameters: {
            query?: {
                /** @description semicolon: `;` between cells and decimal commas, as Excel in the ro and ru locales reads */
                delimiter?: "comma" | "semicolon";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV, UTF-8 with a BOM */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv; charset=utf-8": string;
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleImportProducts: {
        parameters: {
            query?: {
                /** @description validate: check only (the default); apply: write every row if none has an error */
                mode?: "validate" | "apply";
            };
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/csv": string;
            };
        };
        responses: {
            /** @description What the rows do, and their errors */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductImportReport"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is over 20 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not text/csv */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleGetProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductDetail"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such product of the merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleDeleteProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such product of the merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleUpdateProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleProductChange"];
            };
        };
        responses: {
            /** @description The product */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Bad input (errors[] names the fields) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such product of the merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another product has this code or SKU */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleDeactivateProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such product of the merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleActivateProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such product of the merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleListContentBlocks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Block definitions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentBlockList"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleSaveContentBlock: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The key products use for the block, e.g. ingredients */
                key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleContentBlockWrite"];
            };
        };
        responses: {
            /** @description The block definitions now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentBlockList"];
                };
            };
            /** @description Bad input (errors[] names the fields) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleGetProductStock: {
        parameters: {
            query?: {
                /** @description Page size, 1-200 */
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stock and ledger */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleProductStock"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such product of the merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleAdjustStock: {
        parameters: {
            query?: never;
            header: {
                /** @description At most 200 characters. A retry with the same key and request gets the first answer again (Idempotent-Replayed: true); the same key with another request is 409. */
                "Idempotency-Key": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleStockAdjustment"];
            };
        };
        responses: {
            /** @description Replayed: this key was applied before */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryAdjustment"];
                };
            };
            /** @description Applied */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryAdjustment"];
                };
            };
            /** @description Bad input (errors[] names the fields) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such product of the merchant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used for another adjustment */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    consoleListActivity: {
        parameters: {
            query?: {
                /** @description Page size, 1-200 */
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description A console user’s id (GET /users), or `operator` for the operator’s changes */
                actor?: string;
                /** @description Changes to this part of the console only */
                resource?: "auth" | "users" | "terminals" | "integration-keys" | "integration-module" | "categories" | "cashiers" | "products" | "content-blocks" | "orders" | "webhooks";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of changes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleActivityPage"];
                };
            };
            /** @description The body, query or path parameters failed validation (invalid_request, invalid_json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not signed in, or the session expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing CSRF token, or the role does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limit reached; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
