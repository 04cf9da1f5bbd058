-- edits the schema text
-- Pages every sale's durable commit rewrote for a counter (issue 28, docs/benchmarks.md "Issue
-- 28: WAL per sale, schema 22"), one WAL page each.
--
-- 1. fiscal_operations.seq without AUTOINCREMENT. AUTOINCREMENT kept the highest seq ever used
-- in sqlite_sequence, a row every operation's durable commit rewrote. Without it a new row takes
-- the highest seq in the table plus one, the same number as long as no operation is ever
-- deleted, and none is (a fiscal record is kept; the trigger below refuses a delete), so seq
-- still only grows and every cursor built on it (lists, outbox, cloud push) holds.
--
-- The keyword changes nothing in how the rows are stored (seq stays the rowid), so the table's
-- definition is edited in sqlite_schema instead of rebuilt, which at a million operations
-- would take minutes at the upgrade (SQLite's procedure for such changes, lang_altertable.html
-- "Making Other Kinds Of Table Schema Changes"; RESET reloads the schema at once).
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql, 'seq INTEGER PRIMARY KEY AUTOINCREMENT,', 'seq INTEGER PRIMARY KEY,')
 WHERE type = 'table' AND name = 'fiscal_operations';
PRAGMA writable_schema = RESET;
DELETE FROM sqlite_sequence WHERE name = 'fiscal_operations';

CREATE TRIGGER fiscal_operations_kept BEFORE DELETE ON fiscal_operations BEGIN
  SELECT RAISE(ABORT, 'fiscal operations are never deleted: seq numbers them in order for good');
END;

-- 2. terminal_state.last_receipt_number: the open report's last receipt number is the highest
-- one its operations carry (a number is issued in the transaction that writes its operation),
-- read through the index of UNIQUE (report_number, receipt_number) in one seek
-- (terminal-state-store.ts). The counter of its own made every sale rewrite the state's row.
ALTER TABLE terminal_state DROP COLUMN last_receipt_number;
