-- Receipts sent to the customer (delivery.customerEmail / customerPhone of a sale): an outbox
-- written in the fiscal document's own transaction, so a document that stands is sent and one
-- that was never written is not; the delivery worker sends each row with retries and backoff
-- and survives restarts (docs/receipt-delivery.md).
CREATE TABLE receipt_deliveries (
  id TEXT PRIMARY KEY,
  sale_id TEXT NOT NULL REFERENCES sales(id),
  -- the refund this message is the receipt of; null for the sale's own receipt
  refund_id TEXT REFERENCES refunds(id),
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient TEXT NOT NULL,
  language TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT
);
CREATE INDEX receipt_deliveries_sale ON receipt_deliveries (sale_id);
CREATE INDEX receipt_deliveries_due ON receipt_deliveries (next_attempt_at) WHERE status = 'queued';
