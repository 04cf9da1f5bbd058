-- edits the schema text
-- The index of UNIQUE (report_number, receipt_number), a page every sale's durable commit wrote
-- (issue 28, docs/benchmarks.md "Issue 28: WAL per sale"), replaced by what
-- fiscal_operations_report_seq already answers: a report's operations in seq order.
--
-- A receipt number is issued in the transaction that writes its operation, the open report's
-- last one plus one (terminal-state-store.ts), so within a report the numbers grow with seq.
-- The trigger below holds exactly that, which implies what the constraint held (no number twice
-- in a report): an operation with a receipt number must carry a higher one than the report's
-- newest operation with one, found by walking the report's index back from its newest entry
-- (a seek, then the few operations without a number since: cash in and out, X reports).
--
-- A table constraint's index goes only with the constraint, and SQLite drops a constraint only
-- by rebuilding the table (a million operations: minutes at the upgrade). So, as in migration
-- 0022, the constraint is taken out of the table's text in sqlite_schema, and its index, stored
-- as an automatic index, is renamed to a plain unique index of the same columns (the same keys,
-- byte for byte: (report_number, receipt_number, rowid)), which DROP INDEX then frees.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql, 'completed_at TEXT,
  UNIQUE (report_number, receipt_number)
)', 'completed_at TEXT
)')
 WHERE type = 'table' AND name = 'fiscal_operations';
UPDATE sqlite_schema
   SET name = 'fiscal_operations_report_receipt',
       sql = 'CREATE UNIQUE INDEX fiscal_operations_report_receipt ON fiscal_operations (report_number, receipt_number)'
 WHERE type = 'index' AND name = 'sqlite_autoindex_fiscal_operations_2';
PRAGMA writable_schema = RESET;
DROP INDEX fiscal_operations_report_receipt;

CREATE TRIGGER fiscal_operations_receipt_numbers BEFORE INSERT ON fiscal_operations
WHEN NEW.receipt_number IS NOT NULL AND NEW.receipt_number <= COALESCE((
  SELECT receipt_number FROM fiscal_operations
  WHERE report_number = NEW.report_number AND receipt_number IS NOT NULL
  ORDER BY seq DESC LIMIT 1), 0)
BEGIN
  SELECT RAISE(ABORT, 'a receipt number grows within its report: each is the report''s last one plus one');
END;
