-- Counts that health and the metrics read (docs/benchmarks.md, "Health"). ERPs and load
-- balancers poll health, Prometheus scrapes the metrics, and a count(*) over a partial index
-- grows with what it counts: a terminal never activated in the cloud keeps every fiscal
-- document it ever wrote in the platform outbox. These rows are kept by triggers in the
-- transaction of each write, whatever code wrote it, so a read is one row (one per type and
-- status for the operations) and always equals the count(*) it replaces.
--
-- One small table, so that a write transaction adds one page to the WAL however many counts it
-- moves (a sale's three transactions: three pages).
CREATE TABLE row_counts (
  name TEXT NOT NULL,
  -- Only the operations by type and status (name 'fiscal_operations', the metrics' gauge) use
  -- these; operation_counts holds a row per hour of history, so its sum grows with it.
  operation_type TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT '',
  n INTEGER NOT NULL,
  PRIMARY KEY (name, operation_type, status)
) WITHOUT ROWID;

INSERT INTO row_counts (name, n) VALUES
  ('platform_outbox_due', (SELECT count(*) FROM platform_outbox WHERE pushed_revision < revision)),
  ('fiscal_operations_queued',
    (SELECT count(*) FROM fiscal_operations WHERE status IN ('pending','sent','offline'))),
  ('receipt_deliveries_queued', (SELECT count(*) FROM receipt_deliveries WHERE status = 'queued')),
  ('print_jobs_queued', (SELECT count(*) FROM print_jobs WHERE status = 'queued'));
INSERT INTO row_counts (name, operation_type, status, n)
SELECT 'fiscal_operations', operation_type, status, count(*) FROM fiscal_operations GROUP BY 2, 3;

-- A row enters or leaves a count by an insert or an update; the WHEN clauses skip the writes
-- that change neither. No counted row is deleted: fiscal documents, their outbox rows and
-- receipt deliveries are kept, and only finished print jobs are pruned.
CREATE TRIGGER row_counts_outbox_insert AFTER INSERT ON platform_outbox
WHEN NEW.pushed_revision < NEW.revision BEGIN
  UPDATE row_counts SET n = n + 1 WHERE name = 'platform_outbox_due';
END;
CREATE TRIGGER row_counts_outbox_update AFTER UPDATE OF revision, pushed_revision ON platform_outbox
WHEN (OLD.pushed_revision < OLD.revision) != (NEW.pushed_revision < NEW.revision) BEGIN
  UPDATE row_counts SET n = n + (NEW.pushed_revision < NEW.revision) - (OLD.pushed_revision < OLD.revision)
  WHERE name = 'platform_outbox_due';
END;

-- An operation's type never changes (operation_counts_immutable), only its status.
CREATE TRIGGER row_counts_operations_insert AFTER INSERT ON fiscal_operations BEGIN
  UPDATE row_counts SET n = n + 1
  WHERE name = 'fiscal_operations_queued' AND NEW.status IN ('pending','sent','offline');
  INSERT INTO row_counts (name, operation_type, status, n)
  VALUES ('fiscal_operations', NEW.operation_type, NEW.status, 1)
  ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER row_counts_operations_update AFTER UPDATE OF status ON fiscal_operations
WHEN OLD.status != NEW.status BEGIN
  UPDATE row_counts SET n = n + (NEW.status IN ('pending','sent','offline')) - (OLD.status IN ('pending','sent','offline'))
  WHERE name = 'fiscal_operations_queued';
  UPDATE row_counts SET n = n - 1
  WHERE name = 'fiscal_operations' AND operation_type = OLD.operation_type AND status = OLD.status;
  INSERT INTO row_counts (name, operation_type, status, n)
  VALUES ('fiscal_operations', NEW.operation_type, NEW.status, 1)
  ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER row_counts_deliveries_insert AFTER INSERT ON receipt_deliveries
WHEN NEW.status = 'queued' BEGIN
  UPDATE row_counts SET n = n + 1 WHERE name = 'receipt_deliveries_queued';
END;
CREATE TRIGGER row_counts_deliveries_update AFTER UPDATE OF status ON receipt_deliveries
WHEN (OLD.status = 'queued') != (NEW.status = 'queued') BEGIN
  UPDATE row_counts SET n = n + (NEW.status = 'queued') - (OLD.status = 'queued')
  WHERE name = 'receipt_deliveries_queued';
END;

CREATE TRIGGER row_counts_print_jobs_insert AFTER INSERT ON print_jobs
WHEN NEW.status = 'queued' BEGIN
  UPDATE row_counts SET n = n + 1 WHERE name = 'print_jobs_queued';
END;
CREATE TRIGGER row_counts_print_jobs_update AFTER UPDATE OF status ON print_jobs
WHEN (OLD.status = 'queued') != (NEW.status = 'queued') BEGIN
  UPDATE row_counts SET n = n + (NEW.status = 'queued') - (OLD.status = 'queued')
  WHERE name = 'print_jobs_queued';
END;
