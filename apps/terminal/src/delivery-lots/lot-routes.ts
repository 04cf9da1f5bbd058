import { deliveryLotRequestSchema, parseDeliveryLotRequest } from '@fiscal-pos/fiscal';
import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { dateRangeQueryFields, defineQuery, oneOfQueryField, pageQueryFields } from '../http/query-fields.js';
import { createLot } from './create-lot.js';
import { deliveryLotPageSchema, deliveryLotSchema } from './lot-contract.js';
import { loadLot, type LotDeps } from './lot-deps.js';
import { presentLot } from './lot-presenter.js';
import { lotReplay } from './lot-replay.js';
import { LOT_STATUSES } from './lot-status.js';
import { assertCanMove } from './sell-lot.js';

const TAG = 'Delivery lots';
const lotIdParams = z.object({ lotId: z.string().meta({ description: 'lotId of the lot (UUID)' }) });

export const createDeliveryLotRoute = defineRoute<LotDeps>()({
  method: 'POST',
  path: '/api/delivery-lots',
  operationId: 'createDeliveryLot',
  summary: 'Record a delivery lot and return its QR payload',
  description:
    'A cart prepared by an ERP, sold once by POST /api/sales with deliveryLotId or qrPayload. With webhookUrl, the terminal POSTs what was sold once the sale completes. printQr prints a delivery note with the QR code, fire-and-forget.',
  tag: TAG,
  authenticated: true,
  body: 'envelope',
  request: {
    schema: deliveryLotRequestSchema,
    parse: (raw, d) => parseDeliveryLotRequest(raw, d.vatTable(), d.clock.now()),
  },
  response: deliveryLotSchema,
  errors: [],
  replay: lotReplay,
  async handler({ services: d, body, idempotencyKey }) {
    return presentLot(await createLot(d, body, idempotencyKey), d.lotSecret(), d.clock.now());
  },
});

export const listDeliveryLotsRoute = defineRoute<LotDeps>()({
  method: 'GET',
  path: '/api/delivery-lots',
  operationId: 'listDeliveryLots',
  summary: 'List delivery lots, newest first',
  tag: TAG,
  authenticated: true,
  body: 'envelope',
  query: defineQuery({
    ...dateRangeQueryFields,
    status: oneOfQueryField(z.enum(LOT_STATUSES), 'STATUS_INVALID', 'lot status; otherwise STATUS_INVALID'),
    ...pageQueryFields,
  }),
  response: deliveryLotPageSchema,
  errors: ['VALIDATION_ERROR'],
  handler({ services: d, query }) {
    const now = d.clock.now();
    const page = d.lots.list(query, now);
    return {
      deliveryLots: page.lots.map((lot) => presentLot(lot, d.lotSecret(), now)),
      total: page.total,
      limit: query.limit,
      offset: query.offset,
    };
  },
});

export const getDeliveryLotRoute = defineRoute<LotDeps>()({
  method: 'GET',
  path: '/api/delivery-lots/:lotId',
  operationId: 'getDeliveryLot',
  summary: 'One delivery lot with its sale and webhook outcome',
  tag: TAG,
  authenticated: true,
  body: 'envelope',
  params: lotIdParams,
  response: deliveryLotSchema,
  errors: ['DELIVERY_LOT_NOT_FOUND'],
  handler({ services: d, params }) {
    return presentLot(loadLot(d, params.lotId), d.lotSecret(), d.clock.now());
  },
});

export const cancelDeliveryLotRoute = defineRoute<LotDeps>()({
  method: 'POST',
  path: '/api/delivery-lots/:lotId/cancel',
  operationId: 'cancelDeliveryLot',
  summary: 'Cancel an open delivery lot',
  tag: TAG,
  authenticated: true,
  body: 'envelope',
  params: lotIdParams,
  response: deliveryLotSchema,
  errors: ['DELIVERY_LOT_NOT_FOUND', 'DELIVERY_LOT_NOT_OPEN'],
  replay: lotReplay,
  handler({ services: d, params, idempotencyKey }) {
    const lot = loadLot(d, params.lotId);
    const now = d.clock.now();
    assertCanMove(lot, 'cancelled', now);
    d.db.transaction(() => {
      // The update checks the state again: a sale may have sold the lot since it was read.
      if (!d.lots.cancel(lot.id, now.toISOString())) assertCanMove(loadLot(d, lot.id), 'cancelled', now);
      if (idempotencyKey) d.idempotency.link(idempotencyKey, 'delivery-lot', lot.id);
    })();
    return presentLot(loadLot(d, lot.id), d.lotSecret(), now);
  },
});
