// Console passwords: argon2id with the library's defaults (OWASP's m=19 MiB, t=2, p=1), so a
// stolen table costs an attacker that much per guess. Unknown e-mail addresses are verified
// against a hash of nothing, so a sign-in takes as long whether or not the address exists.
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string): Promise<string> => hash(password);

let decoy: Promise<string> | undefined;

/** Whether `password` matches `stored`; with no stored hash, false after the same work. */
export async function passwordMatches(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hash('no user has this password');
    await verify(await decoy, password);
    return false;
  }
  return verify(stored, password);
}
