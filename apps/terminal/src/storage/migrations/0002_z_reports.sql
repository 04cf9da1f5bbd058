-- Closed fiscal days. The summary is frozen at the Z report so that periodic reports never
-- recompute history, and the drawer's closing balance opens the next day.
CREATE TABLE z_reports (
  report_number INTEGER PRIMARY KEY,
  fiscal_operation_id TEXT NOT NULL UNIQUE REFERENCES fiscal_operations(id),
  closed_at TEXT NOT NULL,
  -- calendar day of closed_at on the terminal's clock, for date-range periodic reports
  closed_on TEXT NOT NULL,
  opening_cash_balance INTEGER NOT NULL,
  closing_cash_balance INTEGER NOT NULL,
  summary_json TEXT NOT NULL
);
CREATE INDEX z_reports_closed_on ON z_reports (closed_on);
