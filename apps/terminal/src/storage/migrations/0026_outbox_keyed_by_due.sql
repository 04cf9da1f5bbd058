-- The platform outbox (migration 0011) without its index of due documents, a page every sale's
-- durable commit wrote besides the outbox's own (issue 28, docs/benchmarks.md "Issue 28: WAL per
-- sale"). The table is keyed by (due, seq) instead: the due documents are the last range of the
-- key, in document order, which is what the push worker reads (document-outbox.ts), and a new
-- document's row goes at the end of the tree, where the sale's answer finds it again. A document
-- the cloud confirms moves to the first range (its row is deleted and inserted, in the push
-- worker's commit, not a sale's); one whose revision grows after that moves back.
--
-- A row is found by its seq alone with `due IN (0, 1) AND seq = ?` (two seeks). A document has
-- one row: the trigger on a new operation inserts it, and every later write is an UPDATE of it.
--
-- This rebuilds the outbox (one row per fiscal operation, five integers), the one table rebuilt
-- here: 69 ms at 100,000 operations, 5.9 s at 1,000,000 (a file of 907 MB on disk, the machine
-- at load 12). The rows are copied in key order, so the new tree is only appended to.
DROP TRIGGER platform_outbox_document;
DROP TRIGGER platform_outbox_update;

CREATE TABLE platform_outbox_keyed (
  -- 1 while the cloud lacks the document's current revision.
  due INTEGER NOT NULL CHECK (due = (pushed_revision < revision)),
  -- The operation's seq. No REFERENCES: the row is written by the trigger on the operation's
  -- insert, and operations are never deleted (migration 0022); with one, an insert of an
  -- operation would plan a scan of this table for rows waiting for their parent (seq is not the
  -- key's first column), run only after a violation, but a scan of a million rows then.
  seq INTEGER NOT NULL,
  revision INTEGER NOT NULL DEFAULT 1,
  pushed_revision INTEGER NOT NULL DEFAULT 0,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  PRIMARY KEY (due, seq)
) WITHOUT ROWID;
INSERT INTO platform_outbox_keyed (due, seq, revision, pushed_revision, attempts, last_error)
SELECT 0, seq, revision, pushed_revision, attempts, last_error FROM platform_outbox
WHERE pushed_revision >= revision ORDER BY seq;
INSERT INTO platform_outbox_keyed (due, seq, revision, pushed_revision, attempts, last_error)
SELECT 1, seq, revision, pushed_revision, attempts, last_error FROM platform_outbox INDEXED BY platform_outbox_due
WHERE pushed_revision < revision ORDER BY seq;
DROP TABLE platform_outbox;
ALTER TABLE platform_outbox_keyed RENAME TO platform_outbox;

CREATE TRIGGER platform_outbox_document AFTER INSERT ON fiscal_operations
BEGIN
  INSERT INTO platform_outbox (due, seq) VALUES (1, NEW.seq);
END;

CREATE TRIGGER platform_outbox_update AFTER UPDATE OF status, fiscal_code, mev_id ON fiscal_operations
WHEN OLD.status IS NOT NEW.status OR OLD.fiscal_code IS NOT NEW.fiscal_code OR OLD.mev_id IS NOT NEW.mev_id
BEGIN
  UPDATE platform_outbox SET revision = revision + 1, due = 1 WHERE due IN (0, 1) AND seq = NEW.seq;
END;

-- The count of due documents for health (migration 0016), from the key's first column.
CREATE TRIGGER row_counts_outbox_insert AFTER INSERT ON platform_outbox
WHEN NEW.due BEGIN
  UPDATE row_counts SET n = n + 1 WHERE name = 'platform_outbox_due';
END;
CREATE TRIGGER row_counts_outbox_update AFTER UPDATE OF due ON platform_outbox
WHEN OLD.due != NEW.due BEGIN
  UPDATE row_counts SET n = n + NEW.due - OLD.due WHERE name = 'platform_outbox_due';
END;
