-- The durable print queue: every fiscal document's paper (receipt, refund, cash, X/Z/periodic
-- report, shift report, delivery note) is a job here, printed in order once the printer can
-- take it; a job survives restarts, and only a cashier drops one (DELETE /api/printer/jobs/{id}).
-- The document is kept as it was issued (its layout input, JSON) until it is printed or dropped.
CREATE TABLE print_jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  -- what the paper is of, for people: `sale <id>`, `refund <id>`, `Z report 12`...
  source TEXT NOT NULL,
  document TEXT,
  status TEXT NOT NULL CHECK (status IN ('queued', 'printed', 'dropped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT,
  CHECK ((status = 'queued') = (document IS NOT NULL))
);
CREATE INDEX print_jobs_queued ON print_jobs (id) WHERE status = 'queued';
