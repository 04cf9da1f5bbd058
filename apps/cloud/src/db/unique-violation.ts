// PostgreSQL's unique_violation (23505), however the driver wraps it (drizzle puts the
// driver's error in `cause`). Lets a use case turn a lost race on a unique key into a 409.
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if ((e as Error & { code?: unknown }).code === '23505') return true;
  return false;
}
