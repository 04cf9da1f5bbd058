-- UNLOGGED by hand (see src/db/schema.ts): counters need no WAL and survive no crash.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"hits" integer NOT NULL
);
