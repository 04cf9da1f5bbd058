// A terminal's calendar days are those of its time zone (DESIGN.md: TZ, Europe/Chisinau by
// default), and the cloud counts each document on its terminal's day, so the zone travels with
// health reports and pushed documents. Only names this runtime's time zone database knows are
// taken: the cloud turns them into days in SQL, where an unknown name would fail the statement.
import { z } from 'zod';

/** The zone of terminals that do not say theirs (older versions), and of documents stored before. */
export const DEFAULT_TIME_ZONE = 'Europe/Chisinau';

function isKnownZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const TimeZone = z
  .string()
  .min(1)
  .max(64)
  // IANA names are letters, digits and / _ + -: nothing a SQL literal or a path could misread.
  .regex(/^[A-Za-z0-9/_+-]+$/, 'an IANA time zone name such as Europe/Chisinau')
  .refine(isKnownZone, 'an IANA time zone name such as Europe/Chisinau')
  .meta({ id: 'TimeZone', description: 'An IANA time zone name, e.g. Europe/Chisinau' });
