-- A fiscal operation that joined the offline queue although no request was answered with it: a
-- restart caught it between its write and the fiscal server's answer, or the disk refused the
-- record of that answer (its request was answered 503). A sale of this kind that the fiscal
-- server then refuses was handed to no customer, so the card money it took goes back, as for a
-- sale refused inline (CardJournal.ofRefusedSales); one answered offline stands for the customer
-- who left with its receipt. A retry with its Idempotency-Key answered with the sale (a 2xx kept
-- under the key, rebuilt from storage) makes it answered.
ALTER TABLE fiscal_operations ADD COLUMN unanswered INTEGER NOT NULL DEFAULT 0 CHECK (unanswered IN (0, 1));

CREATE TRIGGER fiscal_operations_answered_by_key AFTER UPDATE OF status_code ON idempotency_keys
WHEN NEW.resource_kind = 'sale' AND NEW.status_code BETWEEN 200 AND 299 BEGIN
  UPDATE fiscal_operations SET unanswered = 0
  WHERE unanswered = 1 AND seq = (SELECT seq FROM sales WHERE id = NEW.resource_id);
END;
