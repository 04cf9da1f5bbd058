/** Helpers shared by the offline-sync tests: polling with a deadline, what the simulator registered. */
import { listRegistrations, type MevSimProcess, type RegistrationView } from '@fiscal-pos/mev-sim';

/**
 * Polls until `condition` holds. The deadline is generous on purpose: it only turns a hang
 * into a failure, it is not a speed assertion.
 */
export async function waitUntil(
  what: string,
  condition: () => boolean | Promise<boolean>,
  deadlineMs = 30_000,
  intervalMs = 25,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${deadlineMs} ms waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Everything the simulator registered for one terminal, in registration order. */
export async function registrationsOf(
  sim: Pick<MevSimProcess, 'adminUrl' | 'caCertPem'>,
  registrationNumber: string,
): Promise<RegistrationView[]> {
  const all: RegistrationView[] = [];
  for (;;) {
    const page = await listRegistrations(sim.adminUrl, sim.caCertPem, {
      registrationNumber,
      after: all.at(-1)?.seq ?? 0,
      limit: 10_000,
    });
    if (page.length === 0) return all;
    all.push(...page);
  }
}
