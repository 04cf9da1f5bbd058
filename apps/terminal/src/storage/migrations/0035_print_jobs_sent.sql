-- When the queue began sending a job's bytes to the printer, written before the first byte goes
-- (after the printer said it is ready). A queued job that has it was sent, and what came of it
-- was never recorded (the disk refused the record, or the process ended during the job): it may
-- well be on paper, so it is never sent again on its own but becomes `unconfirmed`, for a
-- cashier to reprint as a copy or drop. A failure before or during the job clears it.
ALTER TABLE print_jobs ADD COLUMN sent_at TEXT;
