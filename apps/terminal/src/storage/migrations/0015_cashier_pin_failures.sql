-- Wrong PINs in a row per cashier of the cloud, so that guessing a 4-digit PIN over the API is
-- slowed down across restarts too (shifts/pin-lockout.ts; docs/platform.md, "Cashier sign-in").
-- A right PIN removes the row.
CREATE TABLE cashier_pin_failures (
  cashier_id TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  last_failure_at TEXT NOT NULL
);
