-- edits the schema text
-- The queue index (migration 0001) without the operation sent inline, a page every sale's
-- durable commit wrote: the new operation entered it `sent` and the one before left it with its
-- held answer (issue 28, docs/benchmarks.md "Issue 28: WAL per sale, schema 29").
--
-- What the queue index answers: the offline queue (`offline`, the sync worker), what a restart
-- must queue again (`pending` and `sent`), whether anything waits (every new operation) and
-- the oldest waiting (health). It keeps `pending`, `offline`, and `sent` sent from the offline
-- queue (is_offline = 1: every operation that was ever `offline`). Left out: an operation
-- written `sent` and sent at once (is_offline = 0). There is at most one such operation `sent`
-- at any time, the newest written `sent`: the fiscal lock sends one operation at a time, and
-- while one is `sent` on disk every new operation is written `pending` behind it
-- (FiscalRegistrar.statusOfNew), whether its answer is in flight, held for the next commit or
-- stranded by a disk that refused it; the triggers below refuse any other write that would
-- make a second one. Its seq is kept in row_counts (a page every sale writes anyway, for its
-- counts: the row holds a seq, not a count), where a restart finds it; whether anything waits
-- is the count of queued operations kept there since migration 0016.
--
-- The index's predicate is edited in its text (no scan of the history to build it again): its
-- entries are the old ones less those of the operations sent inline and `sent` now (found
-- through the old index before the edit, at most one), whose entries are taken out by turning
-- is_offline on and off (the entry enters again, the same key, then leaves).
CREATE TEMP TABLE sent_inline AS
SELECT seq FROM fiscal_operations INDEXED BY fiscal_operations_queue
WHERE status IN ('pending','sent','offline') AND status = 'sent' AND is_offline = 0;

INSERT INTO row_counts (name, n)
VALUES ('fiscal_operations_sent_inline', COALESCE((SELECT MAX(seq) FROM temp.sent_inline), 0));

PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = 'CREATE INDEX fiscal_operations_queue ON fiscal_operations (status)
WHERE status IN (''pending'',''offline'') OR (status = ''sent'' AND is_offline = 1)'
 WHERE type = 'index' AND name = 'fiscal_operations_queue';
PRAGMA writable_schema = RESET;

UPDATE fiscal_operations SET is_offline = 1 WHERE seq IN (SELECT seq FROM temp.sent_inline);
UPDATE fiscal_operations SET is_offline = 0 WHERE seq IN (SELECT seq FROM temp.sent_inline);
DROP TABLE temp.sent_inline;

-- The operation sent inline: at most one at a time (the fiscal lock's rule, held here too, so
-- that no other write can leave one the restart does not find), and its seq kept. It becomes
-- `sent` by its insert (the registrar's way) or by leaving `pending` (the transition table's).
CREATE TRIGGER fiscal_operations_sent_inline_insert BEFORE INSERT ON fiscal_operations
WHEN NEW.status = 'sent' AND NEW.is_offline = 0 AND EXISTS (
  SELECT 1 FROM fiscal_operations
  WHERE seq = (SELECT n FROM row_counts WHERE name = 'fiscal_operations_sent_inline')
    AND status = 'sent' AND is_offline = 0)
BEGIN
  SELECT RAISE(ABORT, 'one operation at a time is sent inline: the next waits in the queue');
END;
CREATE TRIGGER fiscal_operations_sent_inline_update BEFORE UPDATE OF status ON fiscal_operations
WHEN NEW.status = 'sent' AND OLD.status != 'sent' AND NEW.is_offline = 0 AND EXISTS (
  SELECT 1 FROM fiscal_operations
  WHERE seq = (SELECT n FROM row_counts WHERE name = 'fiscal_operations_sent_inline')
    AND status = 'sent' AND is_offline = 0)
BEGIN
  SELECT RAISE(ABORT, 'one operation at a time is sent inline: the next waits in the queue');
END;
CREATE TRIGGER row_counts_sent_inline_insert AFTER INSERT ON fiscal_operations
WHEN NEW.status = 'sent' AND NEW.is_offline = 0 BEGIN
  UPDATE row_counts SET n = NEW.seq WHERE name = 'fiscal_operations_sent_inline';
END;
CREATE TRIGGER row_counts_sent_inline_update AFTER UPDATE OF status ON fiscal_operations
WHEN NEW.status = 'sent' AND OLD.status != 'sent' AND NEW.is_offline = 0 BEGIN
  UPDATE row_counts SET n = NEW.seq WHERE name = 'fiscal_operations_sent_inline';
END;
