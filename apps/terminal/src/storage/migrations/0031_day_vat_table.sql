-- The VAT table of the open fiscal day: the rates its documents are computed with, fixed by its
-- first document and kept until its Z report, across restarts (a fiscal device changes rates
-- only between two Z reports). NULL when no document holds one yet: before the day's first
-- document, and in a day opened before this migration, whose next document then fixes the
-- table in use (packages/fiscal, day-vat-table.ts; docs/terminal-api.md, "VAT rates").
-- Text as vatTableToJson writes it: {"A":800,"B":2000,"_":null}.
ALTER TABLE terminal_state ADD COLUMN day_vat_table TEXT;
