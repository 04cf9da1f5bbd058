// Generated from docs/terminal-openapi.json by openapi-typescript: do not edit.
// Regenerate with `npm run generate -w @fiscal-pos/sdk`.

export interface paths {
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health record
         * @description Needs no key.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/catalog/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Catalog health: sync state, catalog version, last sync, counts (raw JSON, no key)
         * @description Needs no key.
         */
        get: operations["getCatalogHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sales": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sales, newest first
         * @description Needs the terminal’s key in X-API-Key.
         */
        get: operations["listSales"];
        put?: never;
        /**
         * Register a fiscal sale
         * @description Sells a delivery lot when deliveryLotId or qrPayload is given (items with lotLineId are its lines, the others extra lines; the lot is marked sold in the sale’s transaction and its webhook is sent after the answer). Takes the fiscal lock, charges card payments without an RRN on the card terminal, records the receipt durably, registers it with the fiscal server (offline when unreachable) and prints fire-and-forget. A card charge is taken back when the sale is not written or the fiscal server refuses it.
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        post: operations["createSale"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sales/{saleId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One sale with its items, payments, refunds and fiscal operation
         * @description Needs the terminal’s key in X-API-Key.
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
    "/api/sales/{saleId}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Return (part of) a sale: a fiscal refund document
         * @description A fiscal operation of type refund, performed like a sale: fiscal lock, fiscal day, registration with the fiscal server (offline when unreachable), receipt number, receipt printed. items omitted: everything not yet returned. A returned line is worth its share of the line’s final amount, priced cumulatively so that returning everything, in any number of parts, gives back the sale exactly, VAT per code included. payments omitted: back the way it was paid, in proportion, cash last. Card money the terminal charged goes back on the card terminal by RRN inside the operation, never more than is left of the purchase after the card endpoints’ own voids and refunds; a card refund cannot be taken back, so a retry with the same Idempotency-Key resends it under the same reference and documents it. Cash comes out of the drawer: 409 INSUFFICIENT_CASH_BALANCE.
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        post: operations["refundSale"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sales/{saleId}/refund/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What a refund would give back now, without making it
         * @description The body of POST /api/sales/{saleId}/refund, priced the same way (each returned unit is worth its cumulative share of its line, so a partial return cannot be known in advance), answered without writing anything and without the fiscal lock: the amounts per line, the VAT per code and the payments the money would go back by. Nothing is reserved: a refund made meanwhile changes what is left, and the refund itself checks the drawer and the card terminal.
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        post: operations["quoteRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sales/{saleId}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Print a duplicate of a sale’s receipt (non-fiscal; answers once the printer took it)
         * @description The original receipt line for line, marked DUPLICAT with its copy number. No body (or {}). No fiscal lock, nothing sent to the fiscal server. The copies per receipt are limited (DUPLICATE_LIMIT, 1 by default): past it, 409 DUPLICATE_LIMIT_REACHED. A sale the fiscal server refused has no receipt: 502 MEV_ERROR.
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        post: operations["printReceiptDuplicate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cash/in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cash deposit (service receipt)
         * @description Needs the terminal’s key in X-API-Key.
         */
        post: operations["cashIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cash/out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cash withdrawal (service receipt)
         * @description The balance is checked first: 409 INSUFFICIENT_CASH_BALANCE when it is lower than amount.
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        post: operations["cashOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/card/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Void a card payment of a sale that does not stand, by its cheque number (not a fiscal document)
         * @description For a card payment whose sale does not stand (refused by the fiscal server after it was answered offline): drives the bank card terminal only, the money goes back to the card and no fiscal document is issued. A payment of a sale that stands is refused with 409 FISCAL_REFUND_REQUIRED naming the sale’s refund, POST /api/sales/{saleId}/refund, which gives card money back on the card terminal and documents it. Serialised with the other card terminal operations by the card terminal lock, not the fiscal lock.
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        post: operations["voidCardPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/card/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund (part of) a card payment of a sale that does not stand, by its RRN (not a fiscal document)
         * @description For a card payment whose sale does not stand (refused by the fiscal server after it was answered offline): drives the bank card terminal only, the money goes back to the card and no fiscal document is issued. A payment of a sale that stands is refused with 409 FISCAL_REFUND_REQUIRED naming the sale’s refund, POST /api/sales/{saleId}/refund, which gives card money back on the card terminal and documents it. Some banks need the authorisation code of the payment (400 AUTH_CODE_REQUIRED without it).
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        post: operations["refundCardPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/x": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * X report (no counters reset)
         * @description Allowed after the fiscal day expired. Changes no counters.
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        post: operations["createXReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/z": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Z report (closes the fiscal day)
         * @description Irreversible: the report number is incremented and receipt numbering restarts at 1. The only way out of an expired day.
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        post: operations["createZReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/periodic": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Periodic report over closed Z reports (local, not sent to the fiscal server)
         * @description Date range (dateFrom and dateTo) or report range (reportFrom and/or reportTo), not both. Needs no fiscalization and no fiscal lock.
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        post: operations["createPeriodicReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/fiscal/daily-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Report data of the open fiscal day (read-only, no fiscal lock, nothing sent)
         * @description Needs the terminal’s key in X-API-Key.
         */
        get: operations["getDailySummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shifts/open": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a shift for a cashier
         * @description Optional: the first sale or cash operation opens a shift by itself. A cashierId of one of the cloud’s cashiers (GET /api/catalog/cashiers) needs their 4-digit pin: 403 CASHIER_PIN_INVALID when wrong, 429 CASHIER_LOCKED with Retry-After after 5 wrong PINs in a row (a wait of 1 minute doubling up to 1 hour). Takes the fiscal lock (waits for the sale or cash operation being recorded; 429 BUSY after the lock timeout). Needs no fiscalization and sends nothing to the fiscal server.
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        post: operations["openShift"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shifts/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close the open shift (no Z report); totals frozen, shift report printed fire-and-forget
         * @description The fiscal day stays open; the next sale or cash operation opens the next shift. Takes the fiscal lock (waits for the sale or cash operation being recorded; 429 BUSY after the lock timeout). Needs no fiscalization and sends nothing to the fiscal server.
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        post: operations["closeShift"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shifts/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The open shift with its running totals, or null; and the drawer balance
         * @description Needs the terminal’s key in X-API-Key.
         */
        get: operations["getCurrentShift"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shifts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List shifts, newest first (dates filter the opening day)
         * @description Needs the terminal’s key in X-API-Key.
         */
        get: operations["listShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shifts/{shiftId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One shift with its totals
         * @description Needs the terminal’s key in X-API-Key.
         */
        get: operations["getShift"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/delivery-lots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List delivery lots, newest first
         * @description Needs the terminal’s key in X-API-Key.
         */
        get: operations["listDeliveryLots"];
        put?: never;
        /**
         * Record a delivery lot and return its QR payload
         * @description A cart prepared by an ERP, sold once by POST /api/sales with deliveryLotId or qrPayload. With webhookUrl, the terminal POSTs what was sold once the sale completes. printQr prints a delivery note with the QR code, fire-and-forget.
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        post: operations["createDeliveryLot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/delivery-lots/{lotId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One delivery lot with its sale and webhook outcome
         * @description Needs the terminal’s key in X-API-Key.
         */
        get: operations["getDeliveryLot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/delivery-lots/{lotId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an open delivery lot
         * @description Needs the terminal’s key in X-API-Key.
         */
        post: operations["cancelDeliveryLot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/fiscal/operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List stored fiscal operations, newest first
         * @description Needs the terminal’s key in X-API-Key.
         */
        get: operations["listFiscalOperations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/catalog/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Products of the catalog kept on the terminal, by id, with filters and cursor paging (raw JSON)
         * @description Needs the terminal’s key in X-API-Key.
         */
        get: operations["listCatalogProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/catalog/products/{productId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One product of the catalog kept on the terminal (raw JSON)
         * @description Needs the terminal’s key in X-API-Key.
         */
        get: operations["getCatalogProduct"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/catalog/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The category tree, flat: top-level first, then by position (raw JSON)
         * @description Needs the terminal’s key in X-API-Key.
         */
        get: operations["listCatalogCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/catalog/vat-rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The VAT rates sales are calculated with, and those waiting for the Z report (raw JSON)
         * @description Needs the terminal’s key in X-API-Key.
         */
        get: operations["listCatalogVatRates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/catalog/cashiers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cashiers, without anything of their PIN (raw JSON)
         * @description Needs the terminal’s key in X-API-Key.
         */
        get: operations["listCatalogCashiers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/catalog/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sync with the cloud now and answer how it went (raw JSON)
         * @description Runs one platform sync (terminal refresh, then the catalog feed until complete) and answers the sync state after it: a failed sync is 200 with state failing and lastError (the terminal keeps selling from its copy). No body, no Idempotency-Key: repeating it is harmless.
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        post: operations["syncCatalog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/print": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Non-fiscal text printing (no fiscal lock; answers what became of the paper)
         * @description Printed between two lines NU ESTE DOCUMENT FISCAL (not a fiscal document), which count in the paper budget. At most 500 lines per request (LINES_TOO_MANY) and PRINT_LINES_PER_MINUTE lines (with the feed) per minute for all callers together (429 PRINT_RATE_LIMITED with Retry-After; fiscal documents are never refused paper). Printed after the fiscal documents already waiting in the print queue, so paper comes out in the order asked for. 503 PRINTER_UNAVAILABLE when the printer cannot take it before anything is sent (unreachable, off, paper out, cover open: the message says which); a retry is then safe. Once bytes went out the answer is 200 with status printed, queued (failed on the way: printed again by the queue, do not resend) or unconfirmed (the printer took it all without confirming: look at the paper, reprint on purpose).
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        post: operations["printText"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/printer/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The printer’s state and its durable queue
         * @description The paper of every fiscal document (sale, refund, cash-in/out, X/Z/periodic report, shift report, delivery note) is a print job, kept on disk until the printer confirms it: when the printer is off, out of paper or open, jobs wait and print in order once it is back, also after a restart.
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        get: operations["listPrintJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/printer/jobs/{jobId}": {
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
         * Give up a queued print job (it will never print), or settle an unconfirmed one
         * @description For a job stuck behind a printer that will not come back. The job stays listed as dropped; the document itself is not touched (a duplicate can be printed later). An unconfirmed job whose paper did come out is dropped the same way. Only a queued or unconfirmed job: another is 409 PRINT_JOB_NOT_QUEUED.
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        delete: operations["dropPrintJob"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/printer/jobs/{jobId}/reprint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Print an unconfirmed job again, on purpose
         * @description A job whose bytes all reached the printer without its confirmation is unconfirmed and never printed again on its own (a fiscal receipt could come out twice). When the paper did not come out, the cashier reprints it: a new queued job, a fiscal document’s marked COPIE (not a fiscal document); the old job becomes reprinted. When it did come out, DELETE the job instead. Another job is 409 PRINT_JOB_NOT_UNCONFIRMED. Answers the new job.
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        post: operations["reprintPrintJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics (text exposition, no envelope)
         * @description Behind the API key like every endpoint but the health checks: X-API-Key, or `Authorization: Bearer <key>` (what Prometheus sends natively).
         *
         *     Needs the terminal’s key in X-API-Key.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI 3.1 document (raw JSON, no key)
         * @description Needs no key.
         */
        get: operations["getOpenApiDocument"];
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
        ErrorEnvelope: {
            /** @constant */
            success: false;
            data: null;
            error: {
                /** @constant */
                code: "VALIDATION_ERROR";
                message: string;
                details: components["schemas"]["FieldError"][];
            } | {
                /** @enum {string} */
                code: "INVALID_JSON" | "MISSING_API_KEY" | "INVALID_API_KEY" | "CARD_PAYMENT_DECLINED" | "NOT_FOUND" | "SALE_NOT_FOUND" | "SHIFT_NOT_FOUND" | "DELIVERY_LOT_NOT_FOUND" | "PRINT_JOB_NOT_FOUND" | "PRODUCT_NOT_FOUND" | "CASHIER_NOT_FOUND" | "CASHIER_PIN_INVALID" | "METHOD_NOT_ALLOWED" | "TERMINAL_NOT_FISCAL" | "MEV_CREDENTIALS_MISSING" | "FISCAL_DAY_EXPIRED" | "INSUFFICIENT_CASH_BALANCE" | "DUPLICATE_LIMIT_REACHED" | "IDEMPOTENCY_KEY_REUSE_MISMATCH" | "SHIFT_ALREADY_OPEN" | "SHIFT_NOT_OPEN" | "DELIVERY_LOT_NOT_OPEN" | "SALE_NOT_REFUNDABLE" | "FISCAL_REFUND_REQUIRED" | "DAY_TOTAL_LIMIT_EXCEEDED" | "SHIFT_TOTAL_LIMIT_EXCEEDED" | "YEAR_TOTAL_LIMIT_EXCEEDED" | "PRINT_JOB_NOT_QUEUED" | "PRINT_JOB_NOT_UNCONFIRMED" | "TERMINAL_NOT_ACTIVATED" | "BUSY" | "CASHIER_LOCKED" | "TOO_MANY_INVALID_KEYS" | "PRINT_RATE_LIMITED" | "INTERNAL_ERROR" | "PRINT_ERROR" | "CARD_PAYMENT_ERROR" | "MEV_ERROR" | "MEV_TIMEOUT" | "MEV_UNAVAILABLE" | "PRINTER_UNAVAILABLE" | "CARD_TERMINAL_UNAVAILABLE" | "QUERY_TIMEOUT" | "STORAGE_UNAVAILABLE" | "CLOCK_BEHIND_LAST_DOCUMENT" | "HEADERS_TOO_LARGE" | "PLATFORM_ERROR" | "TERMINAL_NOT_CONNECTED" | "TERMINAL_TIMEOUT" | "TERMINAL_CONNECTION_LOST" | "RELAY_BODY_TOO_LARGE" | "RELAY_RATE_LIMITED";
                message: string;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            timestamp: string;
        };
        FieldError: {
            /** @description path of the field, e.g. items[0].name, or a header name */
            field: string;
            /** @description validation code (spec table, plus the terminal’s query and header codes) */
            code: string;
            message: string;
            /** @description the figure the rule expected, in MDL: the sum the payments must reach (PAYMENT_SUM_MISMATCH), the computed change (CHANGE_MISMATCH), the total (INSUFFICIENT_PAYMENT) */
            expected?: number;
        };
        RawError: {
            error: {
                /** @constant */
                code: "VALIDATION_ERROR";
                message: string;
                details: components["schemas"]["FieldError"][];
            } | {
                /** @enum {string} */
                code: "INVALID_JSON" | "MISSING_API_KEY" | "INVALID_API_KEY" | "CARD_PAYMENT_DECLINED" | "NOT_FOUND" | "SALE_NOT_FOUND" | "SHIFT_NOT_FOUND" | "DELIVERY_LOT_NOT_FOUND" | "PRINT_JOB_NOT_FOUND" | "PRODUCT_NOT_FOUND" | "CASHIER_NOT_FOUND" | "CASHIER_PIN_INVALID" | "METHOD_NOT_ALLOWED" | "TERMINAL_NOT_FISCAL" | "MEV_CREDENTIALS_MISSING" | "FISCAL_DAY_EXPIRED" | "INSUFFICIENT_CASH_BALANCE" | "DUPLICATE_LIMIT_REACHED" | "IDEMPOTENCY_KEY_REUSE_MISMATCH" | "SHIFT_ALREADY_OPEN" | "SHIFT_NOT_OPEN" | "DELIVERY_LOT_NOT_OPEN" | "SALE_NOT_REFUNDABLE" | "FISCAL_REFUND_REQUIRED" | "DAY_TOTAL_LIMIT_EXCEEDED" | "SHIFT_TOTAL_LIMIT_EXCEEDED" | "YEAR_TOTAL_LIMIT_EXCEEDED" | "PRINT_JOB_NOT_QUEUED" | "PRINT_JOB_NOT_UNCONFIRMED" | "TERMINAL_NOT_ACTIVATED" | "BUSY" | "CASHIER_LOCKED" | "TOO_MANY_INVALID_KEYS" | "PRINT_RATE_LIMITED" | "INTERNAL_ERROR" | "PRINT_ERROR" | "CARD_PAYMENT_ERROR" | "MEV_ERROR" | "MEV_TIMEOUT" | "MEV_UNAVAILABLE" | "PRINTER_UNAVAILABLE" | "CARD_TERMINAL_UNAVAILABLE" | "QUERY_TIMEOUT" | "STORAGE_UNAVAILABLE" | "CLOCK_BEHIND_LAST_DOCUMENT" | "HEADERS_TOO_LARGE" | "PLATFORM_ERROR" | "TERMINAL_NOT_CONNECTED" | "TERMINAL_TIMEOUT" | "TERMINAL_CONNECTION_LOST" | "RELAY_BODY_TOO_LARGE" | "RELAY_RATE_LIMITED";
                message: string;
            };
        };
        HealthRecord: {
            /**
             * @description degraded: the terminal answers but refuses some operations, or prints documents that lack a mandatory element, for the reasons in degradedReasons
             * @enum {string}
             */
            status: "ready" | "degraded";
            /** @description empty when ready (docs/terminal-api.md, "Storage unavailable", "Clock" and "Printed documents and the regulation") */
            degradedReasons: components["schemas"]["DegradedReason"][];
            /** @description <major>.<minor>.<patch>+<build> */
            version: string;
            /** @enum {string} */
            fiscalStatus: "online" | "offline" | "not_fiscal";
            /** @description why fiscalStatus is offline: MEV_CREDENTIALS_MISSING (fiscal operations are refused with that code), MEV_UNREACHABLE (the last request got no usable answer), MEV_REFUSED (the fiscal server answers but refuses the terminal or faults, see mevRefusal; the offline queue cannot drain); null when online or not_fiscal */
            fiscalStatusReason: ("MEV_CREDENTIALS_MISSING" | "MEV_UNREACHABLE" | "MEV_REFUSED") | null;
            /** @description set while fiscalStatusReason is MEV_REFUSED */
            mevRefusal: {
                /** @description the fault code, e.g. CERTIFICATE_EXPIRED */
                code: string;
                /** @description the fault reason as the fiscal server gave it */
                message: string;
                /**
                 * Format: date-time
                 * @description first refusal of this run of refusals
                 */
                since: string;
            } | null;
            terminalId: string;
            serverPort: number;
            /** @description seconds */
            uptime: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            serverStartedAt: string;
            /**
             * Format: ipv4
             * @description first non-internal IPv4 of the device, else 127.0.0.1
             */
            deviceIp: string;
            /** @description number of the open fiscal day’s Z report */
            reportNumber: number;
            /** @description the open fiscal day; null before its first receipt (the day starts with it) */
            fiscalDay: {
                /**
                 * Format: date-time
                 * @description the open day’s first receipt
                 */
                startedAt: string;
                /**
                 * Format: date-time
                 * @description 24 hours later: from then on only a Z report is allowed (FISCAL_DAY_EXPIRED)
                 */
                expiresAt: string;
            } | null;
            /** @description last receipt number of the open day; 0 before the first */
            lastReceiptNumber: number;
            vatRates: components["schemas"]["DayVatRates"];
            /** @description fiscal operations not yet confirmed by the fiscal server */
            offlineQueueSize: number;
            offlineQueueOldestAt: string | null;
            offlineQueueOldestAgeSeconds: number | null;
            /** @description last answer from the fiscal server */
            lastMevContactAt: string | null;
            cardTerminal: components["schemas"]["CardTerminalHealth"];
            printer: components["schemas"]["PrinterHealth"];
            platform: components["schemas"]["PlatformHealth"];
            receiptDeliveries: components["schemas"]["ReceiptDeliveryHealth"];
        };
        DegradedReason: {
            /**
             * @description STORAGE_UNAVAILABLE: the disk under DATA_DIR refuses writes (full or read-only), every write answers 503 STORAGE_UNAVAILABLE until it takes them again; CLOCK_BEHIND_LAST_DOCUMENT: the clock reads more than the tolerance before the last fiscal document, every fiscal operation answers 409 with that code; FISCAL_IDENTITY_INCOMPLETE: the terminal was fiscalized without the device’s serial number and the tax office’s address, which every fiscal document must print (HG 141/2019): it sells, but its documents lack them until `fiscalize --identity-only` gives them (docs/deploy.md)
             * @enum {string}
             */
            code: "STORAGE_UNAVAILABLE" | "CLOCK_BEHIND_LAST_DOCUMENT" | "FISCAL_IDENTITY_INCOMPLETE";
            /** @description what the disk said, the clock and the last document’s time, or what to run */
            message: string;
            /** @description first failed write of this run; null for the clock */
            since: string | null;
        };
        /** @description a fiscal day keeps one VAT table (docs/terminal-api.md, "VAT rates") */
        DayVatRates: {
            /** @description the rates documents are calculated with: the open fiscal day’s, fixed by its first document until its Z report (and kept across restarts); the configured ones before the day’s first document */
            inUse: components["schemas"]["VatRates"];
            /** @description the configured rates (VAT_RATES, or the cloud’s) when they differ from the open day’s: in use from the next fiscal day, right after the Z report; null when none wait */
            pending: components["schemas"]["VatRates"] | null;
        };
        VatRates: {
            /** @enum {string} */
            code: "A" | "B" | "C" | "D" | "E" | "_";
            /** @description 2000 = 20 %; 0 for the exempt code */
            rateBasisPoints: number;
            exempt: boolean;
        }[];
        CardTerminalHealth: {
            /**
             * @description ready: card payments are taken; none: no card terminal (CARD_TERMINAL=none); reversal_pending: a card payment being taken back is not confirmed by the card terminal, no new card payment until it is; unreachable: the last request to it got no usable answer; device_error: it answered that it cannot take requests (a fault); unknown: no answer or failure yet since start. The first that applies, in this order: none, reversal_pending, unreachable, device_error, unknown, ready
             * @enum {string}
             */
            status: "none" | "reversal_pending" | "unreachable" | "device_error" | "unknown" | "ready";
            /** @description the card terminal’s address (ECR base URL); null with none */
            url: string | null;
            /** @description the bank’s id of the card terminal, from its last answer that named it */
            bankTerminalId: string | null;
            /** @description last answer of any kind from the card terminal */
            lastContactAt: string | null;
            /** @description when the last request to it (a card operation or a status check) ended; health starts a status check in the background when this is older than CARD_STATUS_MAX_AGE_MS */
            lastCheckedAt: string | null;
            /** @description why the last request failed (no answer, or the device’s fault); null when answered */
            lastError: string | null;
            /** @description card payments being taken back that the card terminal has not confirmed yet */
            pendingReversals: number;
            /** @description card payments of refused sales, partly refunded already, whose rest the card terminal has not refunded yet (down, no answer, a fault of the device): retried before every card operation and at status checks, which run every CARD_STATUS_MAX_AGE_MS while one waits */
            pendingTakeBacks: number;
            /** @description card payments of refused sales whose rest the card terminal declined or refused to refund (the bank's decline, or a refusal of the request itself such as AUTH_CODE_REQUIRED): money owed to customers, not asked again on its own; the log names each (RRN, amount), give it back with POST /api/card/refund */
            declinedTakeBacks: number;
        };
        PrinterHealth: {
            /** @description `tcp://host:port`, `virtual` (a text journal) or `none` (PRINTER) */
            address: string;
            /**
             * @description what the printer last said (DLE EOT status before and after each job, and a status request when this is older than PRINTER_STATUS_MAX_AGE_MS): ready and paper-near-end print; paper-out, cover-open and offline do not; unreachable: no connection or no answer; none: PRINTER=none; unknown: not asked yet
             * @enum {string}
             */
            state: "none" | "ready" | "paper-near-end" | "paper-out" | "cover-open" | "offline" | "unreachable" | "unknown";
            lastCheckedAt: string | null;
            lastError: string | null;
            /** @description fiscal documents whose paper waits for the printer */
            queuedJobs: number;
            /** @description jobs the printer took without confirming them: maybe on paper, waiting for a cashier to reprint or drop them */
            unconfirmedJobs: number;
        };
        PlatformHealth: {
            /** @description false: standalone, as before the platform */
            activated: boolean;
            cloudUrl: string | null;
            /** @description the terminal’s id in the cloud; only when activated */
            terminalId?: string;
            /** @description end of the last successful sync */
            lastSyncAt: string | null;
            /** @description why the last sync failed (cloud unreachable, terminal deactivated, ...); null after a success */
            lastError: string | null;
            /** @description the catalog version the terminal holds (feed cursor); null when not activated */
            catalogVersion: string | null;
            /** @description true: the cloud deactivated the terminal or revoked its credential (another device was activated in its place); syncing and pushing stopped until it is activated again, selling goes on */
            deactivated: boolean;
            /** @description the device credential (never the credential itself); null when not activated */
            deviceCredential: {
                /**
                 * Format: date-time
                 * @description when the cloud issued the credential in use
                 */
                issuedAt: string;
                /** @description whole days since issuedAt */
                ageDays: number;
                /**
                 * Format: date-time
                 * @description issuedAt plus DEVICE_CREDENTIAL_MAX_AGE_DAYS: the first sync from then on rotates the credential
                 */
                rotationDueAt: string;
            } | null;
            /**
             * @description the outbound link to the relay (docs/relay.md): none when there is nothing to dial (not activated, RELAY_URL unset, or cut off), connected, or disconnected (dialling again)
             * @enum {string}
             */
            relay: "none" | "connected" | "disconnected";
            /** @description fiscal documents the cloud has not confirmed at their current state (the platform outbox); they go up once activated, in order */
            documentsWaiting: number;
            /** @description of documentsWaiting, those the cloud refused (400, a validation failure), or the terminal could not build from its records, at their current state: set aside so that the later ones go up, never dropped, offered again at start, every PLATFORM_PUSH_REFUSED_RETRY_MS and when the cloud’s capabilities change; a new state from the fiscal server makes one due again */
            documentsRefused: number;
            /** @description the latest refusal of a document still set aside; null when documentsRefused is 0 */
            lastRefusal: {
                /** @description the refused document’s fiscal operation */
                operationId: string;
                /** @description the cloud’s answer, with the fields it refused; or why the terminal could not build it */
                reason: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC
                 */
                at: string;
            } | null;
            /** @description the last push of documents the cloud confirmed */
            lastPushAt: string | null;
            /** @description why the last push of documents failed; null after a success */
            lastPushError: string | null;
        };
        ReceiptDeliveryHealth: {
            /** @description receipts to customers (e-mail, SMS) not sent yet, those being sent included: a growing value means the SMTP server or SMS gateway is away or slow */
            queued: number;
            /** @description messages being sent now, per channel; at most DELIVERY_CONCURRENCY each */
            sending: {
                email: number;
                sms: number;
            };
        };
        CatalogHealth: {
            /** @constant */
            status: "ok";
            terminalId: string;
            /** Format: date-time */
            timestamp: string;
            sync: components["schemas"]["CatalogSyncState"];
            counts: {
                products: number;
                categories: number;
                vatRates: number;
                cashiers: number;
            };
        };
        CatalogSyncState: {
            /**
             * @description standalone: not activated, no catalog; never_synced: activated, no sync finished yet; synced: the last sync finished; failing: the last attempt failed (see lastError), the copy of lastSyncAt is served; deactivated: the cloud deactivated the terminal or revoked its credential (another device activated in its place), syncing stopped until it is activated again
             * @enum {string}
             */
            state: "standalone" | "never_synced" | "synced" | "failing" | "deactivated";
            /** @description catalog version the terminal holds (the feed’s cursor); 0 before a sync */
            cursor: string;
            lastSyncAt: string | null;
            lastError: string | null;
            lastErrorAt: string | null;
        };
        SaleResult: {
            /** Format: uuid */
            saleId: string;
            /** Format: uuid */
            purchaseId: string;
            /**
             * Format: uuid
             * @description equal to saleId: the terminal is the server of its sales
             */
            serverSaleId: string;
            /** Format: uuid */
            fiscalOperationId: string;
            /**
             * Format: uuid
             * @description the shift the sale was recorded in (GET /api/shifts/{shiftId})
             */
            shiftId: string;
            /** @description number of that shift */
            shiftNumber: number;
            /** @description sequential within the current Z report */
            receiptNumber: number | null;
            reportNumber: number;
            /** @description fiscal code from the fiscal server; the offline fiscal code until the sale is synchronised */
            fiscalCode: string;
            /** @description null while offline */
            mevId: string | null;
            isOffline: boolean;
            /** @description set when issued offline; kept after sync */
            offlineFiscalCode: string | null;
            /**
             * @description status of the fiscal operation with the fiscal server
             * @enum {string}
             */
            status: "pending" | "sent" | "success" | "failed" | "offline";
            /** @description MDL, at most 2 decimals */
            total: number;
            /** @description before the cart discount */
            subtotal: number;
            /** @description MDL, at most 2 decimals */
            amountReceived: number;
            /** @description MDL, at most 2 decimals */
            change: number;
            vatBreakdown: {
                [key: string]: components["schemas"]["SaleVatEntry"];
            };
            paymentBreakdown: {
                /**
                 * @description ACPS payment code
                 * @enum {string}
                 */
                type: "1" | "2" | "3.1" | "3.2" | "3.3" | "5" | "6" | "7" | "8.1" | "8.2" | "8.3" | "8.4" | "8.5" | "8.8" | "8.9";
                /** @description MDL, at most 2 decimals */
                amount: number;
            }[];
            /** @description the payments as sent, in order, with the card terminal’s result where it charged the card */
            payments: components["schemas"]["SalePayment"][];
            /**
             * Format: uri
             * @description verification URL of the receipt
             */
            qrCodeData: string;
            /** @description SOAP reply of the fiscal server; empty while offline */
            mevResponseXml: string;
            /** @description delivery was requested (not confirmed); null when none was requested */
            receiptDelivery: {
                smsSent: boolean;
                emailSent: boolean;
            } | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            createdAt: string;
        };
        SaleVatEntry: {
            /**
             * @description VAT code
             * @enum {string}
             */
            code: "A" | "B" | "C" | "D" | "E" | "_";
            /** @description VAT percentage; 0 for the exempt code _ */
            percent: number;
            /** @description MDL, at most 2 decimals */
            vatAmount: number;
            /** @description net, without VAT */
            taxableBase: number;
            /** @description with VAT */
            totalWithVat: number;
        };
        SalePayment: {
            /**
             * @description ACPS payment code
             * @enum {string}
             */
            paymentType: "1" | "2" | "3.1" | "3.2" | "3.3" | "5" | "6" | "7" | "8.1" | "8.2" | "8.3" | "8.4" | "8.5" | "8.8" | "8.9";
            /** @description MDL, at most 2 decimals */
            amount: number;
            /** @description the RRN sent, or the card terminal’s when the terminal charged the card */
            rrn: string | null;
            notes: string | null;
            /** @description set when the terminal charged this payment on its card terminal */
            card: components["schemas"]["CardCharge"] | null;
        };
        CardCharge: {
            /** @description retrieval reference number; what a card refund names */
            rrn: string;
            /** @description authorisation code; some banks want it for a refund */
            authCode: string | null;
            /** @description the card terminal’s receipt number; what a card void names */
            chequeNumber: string;
            /** @description card number, masked */
            maskedPan: string | null;
            /** @description VISA, MASTERCARD, ... */
            scheme: string | null;
            /** @description the bank’s id of the card terminal */
            bankTerminalId: string;
            /**
             * @description approved; cancelling/cancelled when the terminal takes the charge back because the sale was refused
             * @enum {string}
             */
            status: "approved" | "cancelling" | "cancelled";
        };
        SaleListPage: {
            sales: components["schemas"]["SaleSummary"][];
            /** @description number of matching rows */
            total: number;
            limit: number;
            offset: number;
            /** @description terminal addition: pass as cursor for the page after this one; null when this page is not full */
            nextCursor: string | null;
        };
        SaleSummary: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            purchaseId: string;
            /** Format: uuid */
            serverSaleId: string;
            /** Format: uuid */
            fiscalOperationId: string;
            /**
             * Format: uuid
             * @description the shift the sale was recorded in (GET /api/shifts/{shiftId})
             */
            shiftId: string;
            /** @description number of that shift */
            shiftNumber: number;
            cashierId: string | null;
            cashierName: string | null;
            /** @description MDL, at most 2 decimals */
            subtotal: number;
            /** @description MDL, at most 2 decimals */
            total: number;
            /** @description amount received */
            paymentAmount: number;
            /** @description MDL, at most 2 decimals */
            changeAmount: number;
            /** @description label of the primary payment type, e.g. "cash" */
            paymentType: string | null;
            /**
             * @description synchronisation status: the status of the sale’s fiscal operation
             * @enum {string}
             */
            status: "pending" | "sent" | "success" | "failed" | "offline";
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            createdAt: string;
        };
        SaleDetail: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            purchaseId: string;
            /** Format: uuid */
            serverSaleId: string;
            /** Format: uuid */
            fiscalOperationId: string;
            /**
             * Format: uuid
             * @description the shift the sale was recorded in (GET /api/shifts/{shiftId})
             */
            shiftId: string;
            /** @description number of that shift */
            shiftNumber: number;
            cashierId: string | null;
            cashierName: string | null;
            /** @description MDL, at most 2 decimals */
            subtotal: number;
            /** @description MDL, at most 2 decimals */
            cartDiscountAmount: number;
            /** @description MDL, at most 2 decimals */
            cartMarkupAmount: number;
            /** @description MDL, at most 2 decimals */
            total: number;
            /** @description MDL, at most 2 decimals */
            amountReceived: number;
            /** @description MDL, at most 2 decimals */
            changeAmount: number;
            delivery: {
                customerPhone: string | null;
                customerEmail: string | null;
                customerName: string | null;
                /**
                 * @description receipt language
                 * @enum {string}
                 */
                language: "ro" | "en" | "ru";
            } | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            createdAt: string;
            items: {
                /** @description items[].id of the request */
                productId: string | null;
                /** @description the delivery-lot line this item sold; null for an extra line or a sale of no lot */
                lotLineId: string | null;
                productName: string;
                quantity: number;
                /** @description MDL, at most 2 decimals */
                unitPrice: number;
                /** @description unitPrice × quantity, before adjustments */
                originalPrice: number;
                /** @description MDL, at most 2 decimals */
                discountAmount: number;
                /** @description MDL, at most 2 decimals */
                markupAmount: number;
                /** @description MDL, at most 2 decimals */
                netAmount: number;
                /**
                 * @description VAT code
                 * @enum {string}
                 */
                vatCode: "A" | "B" | "C" | "D" | "E" | "_";
                vatPercent: number;
                /** @description MDL, at most 2 decimals */
                vatAmount: number;
                /** @description returned by the refunds that stand (POST /api/sales/{saleId}/refund) */
                returnedQuantity: number;
            }[];
            payments: components["schemas"]["SalePayment"][];
            /** @description the sale’s refunds, oldest first, refused ones included */
            refunds: components["schemas"]["SaleRefund"][];
            /** @description the receipts sent to the customer (delivery of the request), per channel (extension) */
            deliveries: {
                /**
                 * @description how the receipt is sent
                 * @enum {string}
                 */
                channel: "email" | "sms";
                recipient: string;
                /** @description set for the receipt of a refund of this sale */
                refundId: string | null;
                /**
                 * @description queued: not sent yet (retried); sent: the server took it; failed: given up
                 * @enum {string}
                 */
                status: "queued" | "sent" | "failed";
                attempts: number;
                lastError: string | null;
                sentAt: string | null;
            }[];
            fiscalOperation: {
                /** Format: uuid */
                id: string;
                mevId: string | null;
                /** @description from the fiscal server; null until synchronised */
                fiscalCode: string | null;
                offlineFiscalCode: string | null;
                /** @description sequential within the current Z report */
                receiptNumber: number | null;
                reportNumber: number;
                /**
                 * @description status of the fiscal operation with the fiscal server
                 * @enum {string}
                 */
                status: "pending" | "sent" | "success" | "failed" | "offline";
                isOffline: boolean;
                /** @description the refusal reason when status is failed */
                errorMessage: string | null;
                /** @description null until the fiscal server answered */
                mevResponseXml: string | null;
                /** Format: uri */
                qrCodeData: string;
            };
        };
        SaleRefund: {
            /** Format: uuid */
            refundId: string;
            /** Format: uuid */
            fiscalOperationId: string;
            /**
             * @description a refused (failed) refund gave nothing back
             * @enum {string}
             */
            status: "pending" | "sent" | "success" | "failed" | "offline";
            /** @description MDL, at most 2 decimals */
            total: number;
            reason: string | null;
            items: {
                /** @description position in the sale’s items */
                index: number;
                quantity: number;
                /** @description MDL, at most 2 decimals */
                amount: number;
            }[];
            payments: {
                /**
                 * @description ACPS payment code
                 * @enum {string}
                 */
                type: "1" | "2" | "3.1" | "3.2" | "3.3" | "5" | "6" | "7" | "8.1" | "8.2" | "8.3" | "8.4" | "8.5" | "8.8" | "8.9";
                /** @description MDL, at most 2 decimals */
                amount: number;
            }[];
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            createdAt: string;
        };
        RefundResult: {
            /** Format: uuid */
            refundId: string;
            /** Format: uuid */
            saleId: string;
            /** Format: uuid */
            fiscalOperationId: string;
            /** @description sequential within the current Z report */
            receiptNumber: number;
            reportNumber: number;
            /** @description fiscal code from the fiscal server; the offline fiscal code until the refund is synchronised */
            fiscalCode: string;
            /** @description null while offline */
            mevId: string | null;
            isOffline: boolean;
            offlineFiscalCode: string | null;
            /**
             * @description status of the refund’s fiscal operation with the fiscal server
             * @enum {string}
             */
            status: "pending" | "sent" | "success" | "failed" | "offline";
            /** @description amount given back */
            total: number;
            vatBreakdown: {
                [key: string]: components["schemas"]["SaleVatEntry"];
            };
            paymentBreakdown: {
                /**
                 * @description ACPS payment code
                 * @enum {string}
                 */
                type: "1" | "2" | "3.1" | "3.2" | "3.3" | "5" | "6" | "7" | "8.1" | "8.2" | "8.3" | "8.4" | "8.5" | "8.8" | "8.9";
                /** @description MDL, at most 2 decimals */
                amount: number;
            }[];
            /** @description how the money went back, one entry per card refund made (with the bank’s RRN, authorisation code and cheque number) and per remaining amount of each type */
            payments: components["schemas"]["RefundPayment"][];
            /**
             * Format: uri
             * @description verification URL of the refund receipt
             */
            qrCodeData: string;
            /** @description SOAP reply of the fiscal server; empty while offline */
            mevResponseXml: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            createdAt: string;
        };
        RefundPayment: {
            /**
             * @description ACPS payment code
             * @enum {string}
             */
            paymentType: "1" | "2" | "3.1" | "3.2" | "3.3" | "5" | "6" | "7" | "8.1" | "8.2" | "8.3" | "8.4" | "8.5" | "8.8" | "8.9";
            /** @description MDL, at most 2 decimals */
            amount: number;
            /** @description set when the terminal gave this money back on its card terminal */
            card: components["schemas"]["CardRefund"] | null;
        };
        CardRefund: {
            /** @description retrieval reference number of the card refund */
            rrn: string;
            /** @description authorisation code of the card refund */
            authCode: string | null;
            /** @description the card terminal’s receipt number of the card refund */
            chequeNumber: string;
            /** @description card number, masked */
            maskedPan: string | null;
            /** @description VISA, MASTERCARD, ... */
            scheme: string | null;
            /** @description the bank’s id of the card terminal */
            bankTerminalId: string;
        };
        RefundQuote: {
            /** Format: uuid */
            saleId: string;
            /** @description amount the refund would give back */
            total: number;
            /** @description the lines returned, in the order of the request (all that is left when omitted) */
            items: {
                /** @description position in the sale’s items */
                index: number;
                quantity: number;
                /** @description what this line gives back: its share of the line’s amount */
                amount: number;
                /** @description the VAT that goes back with it: the same share of the line’s VAT on the sale */
                vatAmount: number;
            }[];
            /** @description VAT given back per code */
            vatBreakdown: {
                [key: string]: components["schemas"]["SaleVatEntry"];
            };
            /** @description how the money would go back: as requested, or by default the way it was paid, cash last */
            paymentBreakdown: {
                /**
                 * @description ACPS payment code
                 * @enum {string}
                 */
                type: "1" | "2" | "3.1" | "3.2" | "3.3" | "5" | "6" | "7" | "8.1" | "8.2" | "8.3" | "8.4" | "8.5" | "8.8" | "8.9";
                /** @description MDL, at most 2 decimals */
                amount: number;
            }[];
        };
        ReceiptDuplicate: {
            /** Format: uuid */
            saleId: string;
            /** Format: uuid */
            fiscalOperationId: string;
            /** @description of the original receipt */
            receiptNumber: number | null;
            reportNumber: number;
            /** @description this copy’s number, from 1; printed on it */
            copyNumber: number;
            /** @description duplicates still allowed for this receipt */
            copiesLeft: number;
            /**
             * @description printed: the printer confirmed it; queued: it failed on the way and prints again once the printer can (GET /api/printer/jobs; do not send it again); unconfirmed: every byte reached the printer, which never confirmed it: look at the paper, then POST /api/printer/jobs/{jobId}/reprint or DELETE the job
             * @enum {string}
             */
            status: "printed" | "queued" | "unconfirmed";
            /** @description the print job of a queued or unconfirmed print; null once printed */
            jobId: number | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            printedAt: string;
        };
        CashOperationResult: {
            /**
             * Format: uuid
             * @description the cash operation
             */
            operationId: string;
            /** Format: uuid */
            fiscalOperationId: string;
            /** @description service receipt number; shares the sequence of sale receipts; always set */
            receiptNumber: number | null;
            reportNumber: number;
            /** @description null while offline */
            mevId: string | null;
            /** @description fiscal code, the offline code until synchronised */
            fiscalCode: string | null;
            isOffline: boolean;
            offlineFiscalCode: string | null;
            /** @description MDL, at most 2 decimals */
            amount: number;
            /** @description cash in the drawer after the operation */
            newBalance: number;
            /** @enum {string} */
            operationType: "cashIn" | "cashOut";
            reason: string | null;
            /** @description SOAP reply of the fiscal server; empty while offline */
            mevResponseXml: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            createdAt: string;
        };
        CardVoidRequest: {
            /** @description cheque number of the card payment (card.chequeNumber of the sale); not the RRN */
            chequeNumber: string;
        };
        CardOperationResult: {
            /**
             * Format: uuid
             * @description the terminal’s reference of this card operation
             */
            transactionId: string;
            /** @enum {string} */
            operation: "void" | "refund";
            /** @constant */
            status: "approved";
            /** @description MDL given back to the card */
            amount: number;
            /** @description RRN of this operation */
            rrn: string;
            authCode: string | null;
            /** @description the card terminal’s receipt number of this operation */
            chequeNumber: string;
            maskedPan: string | null;
            scheme: string | null;
            bankTerminalId: string;
            /** @description the card payment voided or refunded */
            original: {
                rrn: string | null;
                chequeNumber: string | null;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            createdAt: string;
        };
        CardRefundRequest: {
            /** @description RRN of the card payment (card.rrn of the sale) */
            rrn: string;
            /** @description MDL to give back, at most 2 decimals; at most what is left of the payment */
            amount: number;
            authCode?: string | null;
        };
        FiscalReportResult: {
            reportNumber: number;
            /**
             * Format: uuid
             * @description the fiscal operation
             */
            operationId: string;
            /** @description null while offline */
            mevId: string | null;
            fiscalCode: string | null;
            isOffline: boolean;
            reportData: components["schemas"]["ReportData"];
            /** @description SOAP reply of the fiscal server; empty while offline */
            mevResponseXml: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            generatedAt: string;
        };
        ReportData: {
            reportNumber: number;
            /** @description sales of the day net of returns */
            dailyTotal: number;
            /** @description MDL, at most 2 decimals */
            dailyTax: number;
            /** @description MDL, at most 2 decimals */
            dailyUntaxed: number;
            vatBreakdown: components["schemas"]["VatBreakdown"];
            receiptsIssued: number;
            /** @description highest receipt number used; 0 when none */
            lastReceiptNumber: number;
            /** @description fiscal receipts, sales and refunds, the fiscal server registered */
            receiptsSentToMev: number;
            paymentTotals: components["schemas"]["PaymentAmounts"];
            /** @description per ACPS code, the fiscal receipts (sales and refunds) that moved money with it */
            paymentCounts: {
                [key: string]: number;
            };
            /** @description MDL, at most 2 decimals */
            cashIn: number;
            /** @description MDL, at most 2 decimals */
            cashOut: number;
            /** @description cash in the drawer, carried over from the previous Z report */
            cashBalance: number;
            /** @description Z report only; null otherwise */
            yearTotal: number | null;
            /** @description Z report only; null otherwise */
            yearTax: number | null;
            /** @description gross */
            totalSales: number;
            /** @description MDL, at most 2 decimals */
            totalReturns: number;
            returnsCount: number;
            cashInCount: number;
            cashOutCount: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            generatedAt: string;
        };
        /** @description keyed by VAT code; a code that occurs at two rates (a return of a sale of a day with another rate, a shift or periodic report over a rate change) has an entry per rate instead, keyed `<code> <percent>%` (`B 20%`; `<code> exempt` without a rate): docs/terminal-api.md, "VAT rates" */
        VatBreakdown: {
            [key: string]: components["schemas"]["VatEntry"];
        };
        VatEntry: {
            /**
             * @description VAT code
             * @enum {string}
             */
            code: "A" | "B" | "C" | "D" | "E" | "_";
            /** @description VAT percentage; 0 for the exempt code _ */
            percent: number;
            /** @description MDL, at most 2 decimals */
            vatAmount: number;
            /** @description net, without VAT */
            taxableBase: number;
            /** @description with VAT */
            gross: number;
        };
        PaymentAmounts: {
            [key: string]: number;
        };
        PeriodicReportResult: {
            /** @constant */
            filterMode: "dateRange";
            /** Format: date */
            dateFrom: string;
            /** Format: date */
            dateTo: string;
            /** @description MDL, at most 2 decimals */
            totalSales: number;
            /** @description MDL, at most 2 decimals */
            totalTax: number;
            /** @description MDL, at most 2 decimals */
            totalUntaxed: number;
            vatBreakdown: components["schemas"]["VatBreakdown"];
            receiptsCount: number;
            paymentTotals: components["schemas"]["PaymentAmounts"];
            /** @description MDL, at most 2 decimals */
            cashIn: number;
            /** @description MDL, at most 2 decimals */
            cashOut: number;
            cashInCount: number;
            cashOutCount: number;
            zReportsCount: number;
            xReportsCount: number;
            /** @description null when no Z report is in range */
            firstZReportNumber: number | null;
            lastZReportNumber: number | null;
            firstZReportTimestamp: string | null;
            lastZReportTimestamp: string | null;
            /** @description MDL, at most 2 decimals */
            totalReturns: number;
            returnsCount: number;
            /** @description filled when detailed is true */
            individualZReports: components["schemas"]["IndividualZReport"][] | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            generatedAt: string;
        } | {
            /** @constant */
            filterMode: "reportRange";
            /** @description day of the first Z report in range */
            dateFrom: string | null;
            /** @description day of the last Z report in range */
            dateTo: string | null;
            reportFrom: number;
            /** @description the latest Z report when omitted */
            reportTo: number | null;
            /** @description MDL, at most 2 decimals */
            totalSales: number;
            /** @description MDL, at most 2 decimals */
            totalTax: number;
            /** @description MDL, at most 2 decimals */
            totalUntaxed: number;
            vatBreakdown: components["schemas"]["VatBreakdown"];
            receiptsCount: number;
            paymentTotals: components["schemas"]["PaymentAmounts"];
            /** @description MDL, at most 2 decimals */
            cashIn: number;
            /** @description MDL, at most 2 decimals */
            cashOut: number;
            cashInCount: number;
            cashOutCount: number;
            zReportsCount: number;
            xReportsCount: number;
            /** @description null when no Z report is in range */
            firstZReportNumber: number | null;
            lastZReportNumber: number | null;
            firstZReportTimestamp: string | null;
            lastZReportTimestamp: string | null;
            /** @description MDL, at most 2 decimals */
            totalReturns: number;
            returnsCount: number;
            /** @description filled when detailed is true */
            individualZReports: components["schemas"]["IndividualZReport"][] | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            generatedAt: string;
        };
        IndividualZReport: {
            reportNumber: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            closedAt: string;
            firstReceiptNumber: number;
            lastReceiptNumber: number;
            receiptsCount: number;
            /** @description MDL, at most 2 decimals */
            totalSales: number;
            /** @description MDL, at most 2 decimals */
            totalTax: number;
            vatBreakdown: components["schemas"]["VatBreakdown"];
            paymentTotals: components["schemas"]["PaymentAmounts"];
            /** @description MDL, at most 2 decimals */
            cashIn: number;
            /** @description MDL, at most 2 decimals */
            cashOut: number;
        };
        Shift: {
            /** Format: uuid */
            shiftId: string;
            /** @description sequential from 1; Z reports do not reset it */
            shiftNumber: number;
            /** @enum {string} */
            status: "open" | "closed";
            /**
             * @description `request`: POST /api/shifts/open; `first_operation`: opened by a sale or cash operation
             * @enum {string}
             */
            openedBy: "request" | "first_operation";
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            openedAt: string;
            closedAt: string | null;
            /** @description as given at opening; null when none was */
            cashierId: string | null;
            cashierName: string | null;
            /** @description Z report numbers (fiscal days) of the shift’s documents, ascending */
            reportNumbers: number[];
            /** @description sale receipts */
            receiptsCount: number;
            /** @description gross sales */
            salesTotal: number;
            /** @description MDL, at most 2 decimals */
            returnsTotal: number;
            returnsCount: number;
            vatBreakdown: components["schemas"]["VatBreakdown"];
            /** @description per ACPS code, what was kept: cash net of change */
            paymentTotals: components["schemas"]["PaymentAmounts"];
            /** @description per ACPS code, the fiscal receipts (sales and refunds) that moved money with it */
            paymentCounts: {
                [key: string]: number;
            };
            /** @description change handed back on the shift’s sales */
            changeGiven: number;
            /** @description MDL, at most 2 decimals */
            cashIn: number;
            /** @description MDL, at most 2 decimals */
            cashOut: number;
            cashInCount: number;
            cashOutCount: number;
            /** @description drawer balance when the shift opened */
            openingCashBalance: number;
            /** @description cash counted at opening (openingCash), null when not given */
            openingCashDeclared: number | null;
            /** @description openingCashDeclared − openingCashBalance; null when nothing was declared */
            openingCashDifference: number | null;
            /** @description openingCashBalance + cash kept from sales + cashIn − cashOut: the drawer now (open) or at the close */
            expectedCash: number;
            /** @description cash counted at the close, null when not given */
            countedCash: number | null;
            /** @description countedCash − expectedCash (negative: missing); null without countedCash */
            cashDifference: number | null;
        };
        CurrentShift: {
            /** @description the open shift; null when none is open */
            shift: components["schemas"]["Shift"] | null;
            /** @description cash in the drawer now: what an opening count should find */
            cashBalance: number;
        };
        ShiftListPage: {
            shifts: components["schemas"]["Shift"][];
            /** @description number of matching rows */
            total: number;
            limit: number;
            offset: number;
        };
        DeliveryLot: {
            /** Format: uuid */
            lotId: string;
            /** @description DL1.<lot id hex>.<check>: see docs/terminal-api.md */
            qrPayload: string;
            /**
             * @description open, sold, cancelled, or expired (expiresAt passed)
             * @enum {string}
             */
            status: "open" | "sold" | "cancelled" | "expired";
            reference: string | null;
            webhookUrl: string | null;
            expiresAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            createdAt: string;
            /** @description when it was sold or cancelled */
            closedAt: string | null;
            lines: components["schemas"]["DeliveryLotLine"][];
            /** @description what the sale did to the lot; null until sold */
            sale: components["schemas"]["DeliveryLotSaleReport"] | null;
            /** @description null until a lot with a webhookUrl is sold */
            webhook: {
                /**
                 * @description pending until the one attempt starts
                 * @enum {string}
                 */
                state: "pending" | "attempted";
                /** @description delivered (the receiver answered 2xx) or failed (any other answer, none, or an address the terminal may not call); null while pending or when a restart cut the attempt short. The receiver’s status and error text are in the terminal’s log only. */
                outcome: ("delivered" | "failed") | null;
                at: string | null;
            } | null;
        };
        DeliveryLotLine: {
            /** @description the caller’s key, or the one generated for it */
            lotLineId: string;
            productId: string | null;
            name: string;
            quantity: number;
            /** @description MDL, at most 2 decimals */
            unitPrice: number;
            /**
             * @description VAT code
             * @enum {string}
             */
            vatCode: "A" | "B" | "C" | "D" | "E" | "_";
            allowDecimals: boolean;
            discountPercent: number;
            /** @description MDL, at most 2 decimals */
            discountAbsolute: number;
            markupPercent: number;
            /** @description MDL, at most 2 decimals */
            markupAbsolute: number;
        };
        DeliveryLotSaleReport: {
            /** Format: uuid */
            lotId: string;
            /**
             * Format: uuid
             * @description serverSaleId of the sale (equal to its saleId)
             */
            saleId: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            soldAt: string;
            lines: {
                lotLineId: string;
                name: string;
                orderedQty: number;
                soldQty: number;
                /**
                 * @description sold in full, in another quantity, or not at all
                 * @enum {string}
                 */
                status: "sold" | "modified" | "removed";
            }[];
            extraLines: {
                /** @description items[].id of the sale; null when it had none */
                productId: string | null;
                name: string;
                soldQty: number;
                /**
                 * @description added by the cashier
                 * @enum {string}
                 */
                status: "added";
            }[];
        };
        DeliveryLotPage: {
            deliveryLots: components["schemas"]["DeliveryLot"][];
            /** @description number of matching rows */
            total: number;
            limit: number;
            offset: number;
        };
        FiscalOperationListPage: {
            operations: components["schemas"]["FiscalOperation"][];
            /** @description number of matching rows */
            total: number;
            limit: number;
            offset: number;
            /** @description terminal addition: pass as cursor for the page after this one; null when this page is not full */
            nextCursor: string | null;
        };
        FiscalOperation: {
            /** Format: uuid */
            id: string;
            /**
             * @description receipt (sale), cash_in, cash_out, refund, x_report, z_report
             * @enum {string}
             */
            operationType: "receipt" | "cash_in" | "cash_out" | "refund" | "x_report" | "z_report";
            /** @description null for X and Z reports, which take no receipt number */
            receiptNumber: number | null;
            reportNumber: number;
            mevId: string | null;
            /** @description from the fiscal server; null until synchronised */
            fiscalCode: string | null;
            offlineFiscalCode: string | null;
            /**
             * @description pending (written, not sent), sent (awaiting the reply), success, failed (refused by the fiscal server), offline (server unreachable, retried)
             * @enum {string}
             */
            status: "pending" | "sent" | "success" | "failed" | "offline";
            isOffline: boolean;
            /** @description MDL, at most 2 decimals */
            totalAmount: number;
            /** @description VAT amount per VAT code; a report’s code at two rates is keyed per rate (`B 20%`), as in VatBreakdown */
            vatBreakdown: {
                [key: string]: number;
            };
            /** @description detailed VAT per VAT code, keyed as vatBreakdown */
            vatDetails: {
                [key: string]: {
                    percent: number;
                    /** @description percent / 100 */
                    rate: number;
                    /** @description VAT amount */
                    cost: number;
                    /** @description MDL, at most 2 decimals */
                    gross: number;
                    /** @description MDL, at most 2 decimals */
                    taxableBase: number;
                };
            };
            paymentsBreakdown: components["schemas"]["PaymentAmounts"];
            /** @description null until the fiscal server answered */
            mevResponseXml: string | null;
            /** @description the refusal reason when status is failed */
            errorMessage: string | null;
            /** @description sends to the fiscal server so far */
            attempts: number;
            /** @description the shift of a sale or cash operation; null for X and Z reports (they belong to the day) */
            shiftId: string | null;
            /** @description number of that shift; null with shiftId */
            shiftNumber: number | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            createdAt: string;
            /** @description null until success or failed */
            completedAt: string | null;
        };
        CatalogProductPage: {
            products: components["schemas"]["CatalogProduct"][];
            /** @description pass as cursor for the next page; null on the last page */
            nextCursor: string | null;
        };
        CatalogProduct: {
            id: string;
            code: string;
            sku: string | null;
            barcodes: string[];
            name: {
                ro: string;
                ru?: string;
                en?: string;
            };
            /** @description VAT-inclusive unit price in MDL */
            price: number;
            /** @enum {string} */
            vatCode: "A" | "B" | "C" | "D" | "E" | "_";
            unit: string;
            categoryId: string | null;
            active: boolean;
            /** @description catalog version of the row’s last change in the cloud */
            version: number;
        };
        CatalogCategoryList: {
            categories: {
                id: string;
                parentId: string | null;
                name: string;
                position: number;
                /** @description catalog version of the row’s last change in the cloud */
                version: number;
            }[];
        };
        CatalogVatRateList: {
            /**
             * @description where the configured rates come from: cloud, the merchant’s rates from the last catalog sync; configuration, VAT_RATES (not activated, or never synced)
             * @enum {string}
             */
            source: "cloud" | "configuration";
            /** @description the rates sales are calculated with now: the open fiscal day’s, fixed by its first document until its Z report; the configured ones before the day’s first document */
            vatRates: components["schemas"]["VatRates"];
            /** @description the configured rates when they differ from the open day’s: they take effect after its Z report; null otherwise */
            pending: components["schemas"]["VatRates"] | null;
        };
        CatalogCashierList: {
            cashiers: {
                id: string;
                name: string;
                /** @enum {string} */
                role: "cashier" | "administrator";
                /** @description catalog version of the row’s last change in the cloud */
                version: number;
            }[];
        };
        PrintResult: {
            linesCount: number;
            /**
             * @description printed: the printer confirmed it; queued: it failed on the way and prints again once the printer can (GET /api/printer/jobs; do not send it again); unconfirmed: every byte reached the printer, which never confirmed it: look at the paper, then POST /api/printer/jobs/{jobId}/reprint or DELETE the job
             * @enum {string}
             */
            status: "printed" | "queued" | "unconfirmed";
            /** @description the print job of a queued or unconfirmed print; null once printed */
            jobId: number | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            printedAt: string;
        };
        PrintJobList: {
            printer: components["schemas"]["PrinterHealth"];
            /** @description in print order */
            queued: components["schemas"]["PrintJob"][];
            /** @description sent but not confirmed, oldest first: a cashier reprints or drops each */
            unconfirmed: components["schemas"]["PrintJob"][];
            /** @description the last printed, dropped or reprinted jobs, newest first (kept 7 days) */
            recent: components["schemas"]["PrintJob"][];
        };
        PrintJob: {
            id: number;
            /** @enum {string} */
            kind: "receipt" | "receipt-copy" | "service-receipt" | "report" | "text";
            /** @description what the paper is of: `sale <saleId>`, `refund <refundId>`, `Z report 12`… */
            source: string;
            /**
             * @description queued: waits for the printer (printed in id order, once); printed: the printer confirmed it; dropped: a cashier gave it up (DELETE), it will never print, or said an unconfirmed one did; unconfirmed: every byte reached the printer but it never confirmed: maybe on paper, never sent again on its own (POST …/reprint or DELETE); reprinted: an unconfirmed job a cashier printed again as a new job
             * @enum {string}
             */
            status: "queued" | "printed" | "dropped" | "unconfirmed" | "reprinted";
            /** @description failed attempts so far */
            attempts: number;
            /** @description why the last attempt failed, in the printer’s words */
            lastError: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC
             */
            createdAt: string;
            finishedAt: string | null;
        };
        /** @description this document */
        OpenApiDocument: {
            /** @constant */
            openapi: "3.1.0";
        } & {
            [key: string]: unknown;
        };
    };
    responses: never;
    parameters: {
        /** @description Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours. */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description Id of the request in the terminal’s audit log */
        RequestId: string;
        /** @description `true` when the answer is the stored answer of an earlier request with the same key */
        IdempotencyReplayed: "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["HealthRecord"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCatalogHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Raw body */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogHealth"];
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
        };
    };
    listSales: {
        parameters: {
            query?: {
                /** @description first day, YYYY-MM-DD in the terminal’s time zone, inclusive; malformed -> DATE_RANGE_INVALID */
                dateFrom?: string;
                /** @description last day, YYYY-MM-DD in the terminal’s time zone, inclusive; before dateFrom -> DATE_RANGE_INVALID */
                dateTo?: string;
                /** @description only the documents of this shift (shiftId of GET /api/shifts); not a UUID -> SHIFT_ID_INVALID; a shift that does not exist matches nothing */
                shiftId?: string;
                /** @description page size, 1-500; otherwise LIMIT_INVALID */
                limit?: number;
                /** @description rows skipped; otherwise OFFSET_INVALID */
                offset?: number;
                /** @description terminal addition: nextCursor of the previous page; the page continues after it (offset counts from it); not one -> CURSOR_INVALID */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["SaleListPage"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description QUERY_TIMEOUT */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createSale: {
        parameters: {
            query?: never;
            header?: {
                /** @description Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    items: {
                        id?: string | null;
                        /** @description the line of the delivery lot this item sells; absent for an extra line */
                        lotLineId?: string | null;
                        /** @description runs of spaces are printed as one, none at either end */
                        name: string;
                        /** @description price of one unit, VAT included; at most 2 decimals */
                        unitPrice: number;
                        /** @description quantity; fractional only with allowDecimals; at most 3 decimals */
                        quantity: number;
                        /**
                         * @description VAT code; must also be configured on the terminal
                         * @enum {string}
                         */
                        vatCode: "A" | "B" | "C" | "D" | "E" | "_";
                        discountPercent?: number | null;
                        allowDecimals?: boolean | null;
                        discountAbsolute?: number | null;
                        markupPercent?: number | null;
                        markupAbsolute?: number | null;
                    }[];
                    cartDiscount?: {
                        /** @description 0-100; at most 2 decimals */
                        percent: number;
                        absolute?: number | null;
                    } | null;
                    cartMarkup?: {
                        percent?: number | null;
                        absolute?: number | null;
                    } | null;
                    payments: {
                        /**
                         * @description ACPS payment code
                         * @enum {string}
                         */
                        type: "1" | "2" | "5" | "6" | "7" | "3.1" | "3.2" | "3.3" | "8.1" | "8.2" | "8.3" | "8.4" | "8.5" | "8.8" | "8.9";
                        /** @description amount paid with this type; at most 2 decimals */
                        amount: number;
                        rrn?: string | null;
                    }[];
                    /** @description sum of the payments, >= total; at most 2 decimals */
                    amountReceived: number;
                    /** @description amountReceived − total; non-zero only with a cash payment; at most 2 decimals */
                    change: number;
                    delivery?: {
                        customerPhone?: string | null;
                        customerEmail?: string | null;
                        customerName?: string | null;
                        language?: ("ro" | "en" | "ru") | null;
                    } | null;
                    printReceipt?: boolean | null;
                    deliveryLotId?: string | null;
                    qrPayload?: string | null;
                };
            };
        };
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["SaleResult"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR, INVALID_JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CARD_PAYMENT_DECLINED */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description DELIVERY_LOT_NOT_FOUND */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE_MISMATCH, TERMINAL_NOT_FISCAL, CLOCK_BEHIND_LAST_DOCUMENT, MEV_CREDENTIALS_MISSING, DAY_TOTAL_LIMIT_EXCEEDED, SHIFT_TOTAL_LIMIT_EXCEEDED, YEAR_TOTAL_LIMIT_EXCEEDED, FISCAL_DAY_EXPIRED, DELIVERY_LOT_NOT_OPEN */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description BUSY */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CARD_PAYMENT_ERROR, INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MEV_ERROR */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MEV_UNAVAILABLE, CARD_TERMINAL_UNAVAILABLE, STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSale: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description saleId of the sale result (UUID) */
                saleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["SaleDetail"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description SALE_NOT_FOUND */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    refundSale: {
        parameters: {
            query?: never;
            header?: {
                /** @description Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description saleId of the sale result (UUID) */
                saleId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    items?: {
                        /** @description 0-based position in the sale detail's items */
                        index: number;
                        /** @description quantity returned, at most what is left of the line; at most 3 decimals */
                        quantity: number;
                    }[] | null;
                    payments?: {
                        /**
                         * @description ACPS payment code
                         * @enum {string}
                         */
                        type: "1" | "2" | "5" | "6" | "7" | "3.1" | "3.2" | "3.3" | "8.1" | "8.2" | "8.3" | "8.4" | "8.5" | "8.8" | "8.9";
                        /** @description amount given back with this type; at most 2 decimals */
                        amount: number;
                    }[] | null;
                    reason?: string | null;
                    printReceipt?: boolean | null;
                };
            };
        };
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["RefundResult"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR, INVALID_JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CARD_PAYMENT_DECLINED */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description SALE_NOT_FOUND */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE_MISMATCH, TERMINAL_NOT_FISCAL, CLOCK_BEHIND_LAST_DOCUMENT, MEV_CREDENTIALS_MISSING, DAY_TOTAL_LIMIT_EXCEEDED, SHIFT_TOTAL_LIMIT_EXCEEDED, YEAR_TOTAL_LIMIT_EXCEEDED, FISCAL_DAY_EXPIRED, SALE_NOT_REFUNDABLE, INSUFFICIENT_CASH_BALANCE */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description BUSY */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CARD_PAYMENT_ERROR, INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MEV_ERROR */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MEV_UNAVAILABLE, CARD_TERMINAL_UNAVAILABLE, STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    quoteRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description saleId of the sale result (UUID) */
                saleId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    items?: {
                        /** @description 0-based position in the sale detail's items */
                        index: number;
                        /** @description quantity returned, at most what is left of the line; at most 3 decimals */
                        quantity: number;
                    }[] | null;
                    payments?: {
                        /**
                         * @description ACPS payment code
                         * @enum {string}
                         */
                        type: "1" | "2" | "5" | "6" | "7" | "3.1" | "3.2" | "3.3" | "8.1" | "8.2" | "8.3" | "8.4" | "8.5" | "8.8" | "8.9";
                        /** @description amount given back with this type; at most 2 decimals */
                        amount: number;
                    }[] | null;
                    reason?: string | null;
                    printReceipt?: boolean | null;
                };
            };
        };
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["RefundQuote"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR, INVALID_JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description SALE_NOT_FOUND */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE_MISMATCH, SALE_NOT_REFUNDABLE */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    printReceiptDuplicate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description saleId of the sale result (UUID) */
                saleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ReceiptDuplicate"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR, INVALID_JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description SALE_NOT_FOUND */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE_MISMATCH, DUPLICATE_LIMIT_REACHED */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MEV_ERROR */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PRINTER_UNAVAILABLE, STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cashIn: {
        parameters: {
            query?: never;
            header?: {
                /** @description Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description amount deposited or withdrawn; at most 2 decimals */
                    amount: number;
                    reason?: string | null;
                    printReceipt?: boolean | null;
                };
            };
        };
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["CashOperationResult"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR, INVALID_JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE_MISMATCH, TERMINAL_NOT_FISCAL, CLOCK_BEHIND_LAST_DOCUMENT, MEV_CREDENTIALS_MISSING, DAY_TOTAL_LIMIT_EXCEEDED, SHIFT_TOTAL_LIMIT_EXCEEDED, YEAR_TOTAL_LIMIT_EXCEEDED, FISCAL_DAY_EXPIRED */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description BUSY */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MEV_ERROR */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MEV_UNAVAILABLE, STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cashOut: {
        parameters: {
            query?: never;
            header?: {
                /** @description Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description amount deposited or withdrawn; at most 2 decimals */
                    amount: number;
                    reason?: string | null;
                    printReceipt?: boolean | null;
                };
            };
        };
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["CashOperationResult"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR, INVALID_JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE_MISMATCH, TERMINAL_NOT_FISCAL, CLOCK_BEHIND_LAST_DOCUMENT, MEV_CREDENTIALS_MISSING, DAY_TOTAL_LIMIT_EXCEEDED, SHIFT_TOTAL_LIMIT_EXCEEDED, YEAR_TOTAL_LIMIT_EXCEEDED, FISCAL_DAY_EXPIRED, INSUFFICIENT_CASH_BALANCE */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description BUSY */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MEV_ERROR */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MEV_UNAVAILABLE, STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    voidCardPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CardVoidRequest"];
            };
        };
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["CardOperationResult"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR, INVALID_JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CARD_PAYMENT_DECLINED */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE_MISMATCH, FISCAL_REFUND_REQUIRED */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description BUSY */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CARD_PAYMENT_ERROR, INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CARD_TERMINAL_UNAVAILABLE, STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    refundCardPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CardRefundRequest"];
            };
        };
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["CardOperationResult"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR, INVALID_JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CARD_PAYMENT_DECLINED */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE_MISMATCH, FISCAL_REFUND_REQUIRED */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description BUSY */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CARD_PAYMENT_ERROR, INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CARD_TERMINAL_UNAVAILABLE, STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createXReport: {
        parameters: {
            query?: never;
            header?: {
                /** @description Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    printReport?: boolean | null;
                };
            };
        };
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["FiscalReportResult"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR, INVALID_JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE_MISMATCH, TERMINAL_NOT_FISCAL, CLOCK_BEHIND_LAST_DOCUMENT, MEV_CREDENTIALS_MISSING */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description BUSY */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MEV_ERROR */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MEV_UNAVAILABLE, STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createZReport: {
        parameters: {
            query?: never;
            header?: {
                /** @description Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    printReport?: boolean | null;
                };
            };
        };
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["FiscalReportResult"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR, INVALID_JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE_MISMATCH, TERMINAL_NOT_FISCAL, CLOCK_BEHIND_LAST_DOCUMENT, MEV_CREDENTIALS_MISSING */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description BUSY */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MEV_ERROR */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MEV_UNAVAILABLE, STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createPeriodicReport: {
        parameters: {
            query?: never;
            header?: {
                /** @description Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    dateFrom?: string | null;
                    dateTo?: string | null;
                    reportFrom?: number | null;
                    reportTo?: number | null;
                    detailed?: boolean | null;
                    printReport?: boolean | null;
                };
            };
        };
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["PeriodicReportResult"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR, INVALID_JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE_MISMATCH */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getDailySummary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ReportData"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description TERMINAL_NOT_FISCAL, MEV_CREDENTIALS_MISSING */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    openShift: {
        parameters: {
            query?: never;
            header?: {
                /** @description Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    cashierId?: string | null;
                    cashierName?: string | null;
                    pin?: string | null;
                    openingCash?: number | null;
                };
            };
        };
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Shift"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR, INVALID_JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CASHIER_PIN_INVALID */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CASHIER_NOT_FOUND */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE_MISMATCH, SHIFT_ALREADY_OPEN, CLOCK_BEHIND_LAST_DOCUMENT */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CASHIER_LOCKED, BUSY */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    closeShift: {
        parameters: {
            query?: never;
            header?: {
                /** @description Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    countedCash?: number | null;
                    printReport?: boolean | null;
                };
            };
        };
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Shift"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR, INVALID_JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE_MISMATCH, SHIFT_NOT_OPEN, CLOCK_BEHIND_LAST_DOCUMENT */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description BUSY */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCurrentShift: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["CurrentShift"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listShifts: {
        parameters: {
            query?: {
                /** @description first day, YYYY-MM-DD in the terminal’s time zone, inclusive; malformed -> DATE_RANGE_INVALID */
                dateFrom?: string;
                /** @description last day, YYYY-MM-DD in the terminal’s time zone, inclusive; before dateFrom -> DATE_RANGE_INVALID */
                dateTo?: string;
                /** @description page size, 1-500; otherwise LIMIT_INVALID */
                limit?: number;
                /** @description rows skipped; otherwise OFFSET_INVALID */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ShiftListPage"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getShift: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description shiftId of the shift record (UUID) */
                shiftId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Shift"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description SHIFT_NOT_FOUND */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listDeliveryLots: {
        parameters: {
            query?: {
                /** @description first day, YYYY-MM-DD in the terminal’s time zone, inclusive; malformed -> DATE_RANGE_INVALID */
                dateFrom?: string;
                /** @description last day, YYYY-MM-DD in the terminal’s time zone, inclusive; before dateFrom -> DATE_RANGE_INVALID */
                dateTo?: string;
                /** @description lot status; otherwise STATUS_INVALID */
                status?: "open" | "sold" | "cancelled" | "expired";
                /** @description page size, 1-500; otherwise LIMIT_INVALID */
                limit?: number;
                /** @description rows skipped; otherwise OFFSET_INVALID */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["DeliveryLotPage"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createDeliveryLot: {
        parameters: {
            query?: never;
            header?: {
                /** @description Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    lines: {
                        /** @description the caller’s stable key; generated when absent */
                        lotLineId?: string | null;
                        /** @description external product id */
                        productId?: string | null;
                        /** @description runs of spaces are printed as one, none at either end */
                        name: string;
                        /** @description price of one unit, VAT included; at most 2 decimals */
                        unitPrice: number;
                        /** @description quantity; fractional only with allowDecimals; at most 3 decimals */
                        quantity: number;
                        /**
                         * @description VAT code; must also be configured on the terminal
                         * @enum {string}
                         */
                        vatCode: "A" | "B" | "C" | "D" | "E" | "_";
                        discountPercent?: number | null;
                        allowDecimals?: boolean | null;
                        discountAbsolute?: number | null;
                        markupPercent?: number | null;
                        markupAbsolute?: number | null;
                    }[];
                    webhookUrl?: string | null;
                    reference?: string | null;
                    expiresAt?: string | null;
                    printQr?: boolean | null;
                };
            };
        };
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["DeliveryLot"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR, INVALID_JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE_MISMATCH */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getDeliveryLot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description lotId of the lot (UUID) */
                lotId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["DeliveryLot"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description DELIVERY_LOT_NOT_FOUND */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelDeliveryLot: {
        parameters: {
            query?: never;
            header?: {
                /** @description Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description lotId of the lot (UUID) */
                lotId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["DeliveryLot"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR, INVALID_JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description DELIVERY_LOT_NOT_FOUND */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE_MISMATCH, DELIVERY_LOT_NOT_OPEN */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listFiscalOperations: {
        parameters: {
            query?: {
                /** @description first day, YYYY-MM-DD in the terminal’s time zone, inclusive; malformed -> DATE_RANGE_INVALID */
                dateFrom?: string;
                /** @description last day, YYYY-MM-DD in the terminal’s time zone, inclusive; before dateFrom -> DATE_RANGE_INVALID */
                dateTo?: string;
                /** @description operation type; otherwise TYPE_INVALID */
                type?: "receipt" | "cash_in" | "cash_out" | "refund" | "x_report" | "z_report";
                /** @description operation status; otherwise STATUS_INVALID */
                status?: "pending" | "sent" | "success" | "failed" | "offline";
                /** @description only the documents of this shift (shiftId of GET /api/shifts); not a UUID -> SHIFT_ID_INVALID; a shift that does not exist matches nothing */
                shiftId?: string;
                /** @description page size, 1-500; otherwise LIMIT_INVALID */
                limit?: number;
                /** @description rows skipped; otherwise OFFSET_INVALID */
                offset?: number;
                /** @description terminal addition: nextCursor of the previous page; the page continues after it (offset counts from it); not one -> CURSOR_INVALID */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["FiscalOperationListPage"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description QUERY_TIMEOUT */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listCatalogProducts: {
        parameters: {
            query?: {
                /** @description part of the name, in any language, case-insensitive; over 100 characters -> SEARCH_INVALID */
                search?: string;
                /** @description exact barcode; over 50 characters -> BARCODE_INVALID */
                barcode?: string;
                /** @description only the products of this category (not its subcategories); over 100 characters -> CATEGORY_ID_INVALID */
                categoryId?: string;
                /** @description true or false; otherwise ACTIVE_INVALID */
                active?: "true" | "false";
                /** @description nextCursor of the previous page; anything else -> CURSOR_INVALID */
                cursor?: string;
                /** @description page size, 1-500; otherwise LIMIT_INVALID */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Raw body */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogProductPage"];
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
        };
    };
    getCatalogProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Raw body */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogProduct"];
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
            /** @description PRODUCT_NOT_FOUND */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
        };
    };
    listCatalogCategories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Raw body */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogCategoryList"];
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
        };
    };
    listCatalogVatRates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Raw body */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogVatRateList"];
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
        };
    };
    listCatalogCashiers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Raw body */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogCashierList"];
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
        };
    };
    syncCatalog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Raw body */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogSyncState"];
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
            /** @description TERMINAL_NOT_ACTIVATED */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
        };
    };
    printText: {
        parameters: {
            query?: never;
            header?: {
                /** @description Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    lines: string[][];
                    feedLines?: number | null;
                    cut?: boolean | null;
                };
            };
        };
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["PrintResult"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR, INVALID_JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE_MISMATCH */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PRINT_RATE_LIMITED */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PRINTER_UNAVAILABLE, STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listPrintJobs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["PrintJobList"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    dropPrintJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id of the print job (a positive integer) */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["PrintJob"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PRINT_JOB_NOT_FOUND */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PRINT_JOB_NOT_QUEUED */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    reprintPrintJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description id of the print job (a positive integer) */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success envelope; the payload is `data` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["PrintJob"];
                        error: null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR, INVALID_JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PRINT_JOB_NOT_FOUND */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE_MISMATCH, PRINT_JOB_NOT_UNCONFIRMED */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Raw body */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
            /** @description MISSING_API_KEY, INVALID_API_KEY */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Raw body */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            /** @description VALIDATION_ERROR */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RawError"];
                };
            };
        };
    };
}
