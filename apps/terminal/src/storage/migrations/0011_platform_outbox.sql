-- Every fiscal document flows up to the merchant's cloud (docs/platform.md, "Fiscal documents").
-- The outbox row is written by a trigger in the document's own transaction, and its revision
-- grows in the transaction that changes what the cloud must know (the fiscal server's status,
-- fiscal code, id): a document that stands is pushed, a later status is pushed again, and
-- nothing is forgotten by a crash in between. The push worker sends rows whose revision is
-- ahead of what the cloud confirmed, in document order.
CREATE TABLE platform_outbox (
  seq INTEGER PRIMARY KEY REFERENCES fiscal_operations(seq),
  revision INTEGER NOT NULL DEFAULT 1,
  pushed_revision INTEGER NOT NULL DEFAULT 0,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT
);
CREATE INDEX platform_outbox_due ON platform_outbox (seq) WHERE pushed_revision < revision;

CREATE TRIGGER platform_outbox_document AFTER INSERT ON fiscal_operations
BEGIN
  INSERT INTO platform_outbox (seq) VALUES (NEW.seq);
END;

CREATE TRIGGER platform_outbox_update AFTER UPDATE OF status, fiscal_code, mev_id ON fiscal_operations
WHEN OLD.status IS NOT NEW.status OR OLD.fiscal_code IS NOT NEW.fiscal_code OR OLD.mev_id IS NOT NEW.mev_id
BEGIN
  UPDATE platform_outbox SET revision = revision + 1 WHERE seq = NEW.seq;
END;

-- The documents written before this version flow up too, once the terminal is activated.
INSERT INTO platform_outbox (seq) SELECT seq FROM fiscal_operations;
