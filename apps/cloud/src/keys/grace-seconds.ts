import { z } from 'zod';

/** The grace window of a rotated key (integration or terminal): up to 30 days, 24 h by default. */
export const graceSeconds = (description: string) =>
  z
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .default(86_400)
    .describe(description);
