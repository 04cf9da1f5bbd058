-- The card-transaction journal: every request to the bank card terminal, written before it is
-- sent (write-ahead) and completed with what came back, so that a crash never leaves a customer
-- charged for a sale that was not written (see docs/card-terminal-protocol.md). Amounts in bani.
CREATE TABLE card_transactions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  -- our ECR reference, the card terminal's deduplication key
  id TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('purchase','void','refund')),
  status TEXT NOT NULL CHECK (status IN ('sending','approved','declined','failed','in_doubt','cancelling','cancelled')),
  -- purchase and refund: what was asked; void: the voided purchase's amount
  amount INTEGER NOT NULL,
  -- void: the cheque number voided; refund: the RRN refunded and the authorisation code sent
  target_cheque_number TEXT,
  target_rrn TEXT,
  auth_code_sent TEXT,
  -- void and refund: the Idempotency-Key of the request, so that a retry resends the same reference
  idempotency_key TEXT,
  -- the card terminal's answer
  rrn TEXT,
  auth_code TEXT,
  cheque_number TEXT,
  masked_pan TEXT,
  scheme TEXT,
  bank_terminal_id TEXT,
  decline_code TEXT,
  decline_reason TEXT,
  -- the last failure: not sent, refused by the card terminal, no answer, a cancellation not confirmed
  error_message TEXT,
  -- purchases: the sale and payment they paid, set in the sale's own transaction
  sale_id TEXT REFERENCES sales(id),
  payment_position INTEGER,
  -- purchases the terminal took back: why, and how the card terminal confirmed it
  cancel_reason TEXT,
  cancelled_by TEXT CHECK (cancelled_by IN ('void','reversal')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX card_transactions_sale_payment ON card_transactions (sale_id, payment_position)
  WHERE sale_id IS NOT NULL;
CREATE INDEX card_transactions_unsettled ON card_transactions (status)
  WHERE status IN ('sending','approved','in_doubt','cancelling');
CREATE INDEX card_transactions_cheque ON card_transactions (cheque_number) WHERE cheque_number IS NOT NULL;
CREATE INDEX card_transactions_rrn ON card_transactions (rrn) WHERE rrn IS NOT NULL;
CREATE INDEX card_transactions_key ON card_transactions (idempotency_key) WHERE idempotency_key IS NOT NULL;
