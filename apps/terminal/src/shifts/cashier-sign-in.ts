import type { ShiftOpenRequest } from '@fiscal-pos/fiscal';
import { verifyPin, type PinVerifier } from '@fiscal-pos/platform-protocol';
import type { Clock } from '../clock.js';
import { DomainError } from '../domain-error.js';
import type { PinFailureStore } from './pin-failure-store.js';
import { lockedUntil } from './pin-lockout.js';

/** What sign-in needs of the catalog: the cloud's cashier of an id, with their PIN verifier. */
export interface CashierDirectory {
  cashierForSignIn(id: string): { id: string; name: string; verifier: PinVerifier } | null;
}

/**
 * Who opens a shift. A cashierId of one of the cloud's cashiers must come with that cashier's
 * PIN, checked here offline against the verifier the catalog brought; the shift then carries
 * the cloud's name for them. Any other cashierId is the ERP's own, taken as given, as on a
 * terminal that is not activated (its catalog has no cashiers). Wrong PINs lock the cashier out
 * for a while (pin-lockout.ts).
 */
export class CashierSignIn {
  /** Cashiers with a PIN being checked: one check at a time each, or a burst of guesses sent at
   * once would all be checked before the first failure is counted. */
  readonly #checking = new Set<string>();

  constructor(
    private readonly directory: CashierDirectory,
    private readonly failures: PinFailureStore,
    private readonly clock: Clock,
  ) {}

  /** The request as the shift records it, or a refusal that changes nothing but the failure count. */
  async identify(request: ShiftOpenRequest): Promise<ShiftOpenRequest> {
    const { cashierId, pin } = request;
    if (cashierId === null) return request;
    const cashier = this.directory.cashierForSignIn(cashierId);
    if (cashier === null) {
      if (pin === null) return request;
      throw new DomainError(
        'CASHIER_NOT_FOUND',
        `No cashier of the cloud has the id ${cashierId}; a PIN is checked only for one of them (GET /api/catalog/cashiers)`,
      );
    }
    if (pin === null) {
      throw DomainError.validation([
        {
          field: 'pin',
          code: 'PIN_INVALID',
          message: `cashier ${cashierId} is one of the cloud's cashiers: their PIN is required`,
        },
      ]);
    }
    const now = this.clock.now();
    const until = lockedUntil(this.failures.get(cashierId), now);
    if (until !== null || this.#checking.has(cashierId)) {
      const waitMs = until === null ? 1_000 : until.getTime() - now.getTime();
      throw new DomainError(
        'CASHIER_LOCKED',
        until === null
          ? `A PIN of cashier ${cashierId} is being checked; try again`
          : `Too many wrong PINs for cashier ${cashierId}; try again after ${until.toISOString()}`,
        null,
        Math.max(1, Math.ceil(waitMs / 1_000)),
      );
    }
    this.#checking.add(cashierId);
    try {
      if (!(await verifyPin(pin, cashier.verifier))) {
        this.failures.recordFailure(cashierId, this.clock.now());
        throw new DomainError('CASHIER_PIN_INVALID', `Wrong PIN for cashier ${cashierId}`);
      }
      this.failures.clear(cashierId);
    } finally {
      this.#checking.delete(cashierId);
    }
    return { ...request, cashierName: cashier.name };
  }
}
