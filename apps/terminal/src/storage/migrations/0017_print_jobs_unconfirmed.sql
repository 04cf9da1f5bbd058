-- A job whose bytes all went to the printer but whose confirmation never came is `unconfirmed`:
-- it may well be on paper, so it is never sent again on its own (a fiscal receipt would come out
-- twice); it keeps its document until a cashier reprints it (`reprinted`, the reprint being a
-- new job marked as a copy) or says it did print (`dropped`). SQLite cannot change a CHECK: the
-- table is rebuilt with its rows, its id sequence, its index and its counting triggers.
CREATE TABLE print_jobs_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  source TEXT NOT NULL,
  document TEXT,
  status TEXT NOT NULL CHECK (status IN ('queued', 'printed', 'dropped', 'unconfirmed', 'reprinted')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT,
  CHECK ((status IN ('queued', 'unconfirmed')) = (document IS NOT NULL))
);
INSERT INTO print_jobs_next (id, kind, source, document, status, attempts, last_error, created_at, finished_at)
  SELECT id, kind, source, document, status, attempts, last_error, created_at, finished_at FROM print_jobs;
INSERT INTO sqlite_sequence (name, seq)
  SELECT 'print_jobs_next', seq FROM sqlite_sequence WHERE name = 'print_jobs'
  AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'print_jobs_next');
-- Ids are never reused, even those of jobs already pruned.
UPDATE sqlite_sequence SET seq = (SELECT seq FROM sqlite_sequence WHERE name = 'print_jobs')
  WHERE name = 'print_jobs_next' AND EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'print_jobs');
DROP TABLE print_jobs;
ALTER TABLE print_jobs_next RENAME TO print_jobs;
CREATE INDEX print_jobs_queued ON print_jobs (id) WHERE status = 'queued';
CREATE INDEX print_jobs_unconfirmed ON print_jobs (id) WHERE status = 'unconfirmed';

CREATE TRIGGER row_counts_print_jobs_insert AFTER INSERT ON print_jobs
WHEN NEW.status = 'queued' BEGIN
  UPDATE row_counts SET n = n + 1 WHERE name = 'print_jobs_queued';
END;
CREATE TRIGGER row_counts_print_jobs_update AFTER UPDATE OF status ON print_jobs
WHEN (OLD.status = 'queued') != (NEW.status = 'queued') BEGIN
  UPDATE row_counts SET n = n + (NEW.status = 'queued') - (OLD.status = 'queued')
  WHERE name = 'print_jobs_queued';
END;
