-- Documents the cloud refused (docs/platform.md, "Fiscal documents"): a push the cloud answers
-- 400 stores none of its documents, so one document it refuses (a protocol mismatch between
-- versions, a zone its database does not know, a defect in this terminal's data) would hold
-- back every later one. The pusher sends such a document alone and, refused alone, sets it
-- aside here: it stays in the outbox, due, and counted in platform_outbox_due (the cloud does
-- not have it), but the push of the due documents passes over it. It is offered again at
-- start, every PLATFORM_PUSH_REFUSED_RETRY_MS and when the cloud's capabilities change; the
-- cloud's confirmation deletes its row here.
--
-- A row holds the refusal of the document's current revision: a new revision (the fiscal
-- server's answer) deletes it, so the document is pushed again as any other.
--
-- A table of its own, not a third value of platform_outbox's `due`: that would rebuild the
-- outbox (its CHECK), seconds at a million documents, and this one is empty on a sound terminal.
CREATE TABLE platform_outbox_refused (
  seq INTEGER PRIMARY KEY,
  -- The revision the cloud refused; always the outbox row's current one (the trigger below).
  revision INTEGER NOT NULL,
  refused_at TEXT NOT NULL,
  -- The cloud's answer, as health shows it.
  reason TEXT NOT NULL
);
-- Health shows the latest refusal.
CREATE INDEX platform_outbox_refused_at ON platform_outbox_refused (refused_at);

CREATE TRIGGER platform_outbox_refused_revision AFTER UPDATE OF revision ON platform_outbox
WHEN NEW.revision != OLD.revision BEGIN
  DELETE FROM platform_outbox_refused WHERE seq = NEW.seq;
END;

-- The count health and the metrics read (migration 0016); rows are only inserted and deleted
-- (a refusal again, an upsert, updates its row in place).
INSERT INTO row_counts (name, n) VALUES ('platform_outbox_refused', 0);
CREATE TRIGGER row_counts_outbox_refused_insert AFTER INSERT ON platform_outbox_refused BEGIN
  UPDATE row_counts SET n = n + 1 WHERE name = 'platform_outbox_refused';
END;
CREATE TRIGGER row_counts_outbox_refused_delete AFTER DELETE ON platform_outbox_refused BEGIN
  UPDATE row_counts SET n = n - 1 WHERE name = 'platform_outbox_refused';
END;
