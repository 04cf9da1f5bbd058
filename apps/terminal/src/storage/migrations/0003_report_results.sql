-- What each X and Z report showed when it was generated, so that an idempotent retry after a
-- restart answers the same report instead of generating (or closing) another one.
CREATE TABLE report_results (
  fiscal_operation_id TEXT PRIMARY KEY REFERENCES fiscal_operations(id),
  report_number INTEGER NOT NULL,
  totals_json TEXT NOT NULL,
  -- Z reports only: the year's cumulative sales and VAT including this day, in bani
  year_total INTEGER,
  year_tax INTEGER
);
