-- Receipts reach each customer in the order they were issued: the delivery worker does not start
-- a message while an earlier one to the same recipient on the same channel is still queued or
-- being sent (delivery-outbox.ts due/nextDueAt). Without it a refund's e-mail, sent on its own
-- SMTP connection beside the sale's, could arrive before the receipt it refunds. This index
-- answers "is an earlier one still queued" from the queued rows of that one recipient.
CREATE INDEX receipt_deliveries_recipient_queued ON receipt_deliveries (channel, recipient)
  WHERE status = 'queued';
