import { DomainError } from '../domain-error.js';

/**
 * Whether this device may issue fiscal documents:
 * - `not_fiscal`: no certificate from the tax authority (never fiscalized);
 * - `credentials_missing`: certificate present, fiscal-server credentials absent;
 * - `fiscal`: both present.
 */
export type Fiscalization = 'not_fiscal' | 'credentials_missing' | 'fiscal';

export function assertFiscalized(fiscalization: Fiscalization): void {
  switch (fiscalization) {
    case 'not_fiscal':
      throw new DomainError(
        'TERMINAL_NOT_FISCAL',
        'The terminal is not fiscalized: it has no certificate from the tax authority',
      );
    case 'credentials_missing':
      throw new DomainError(
        'MEV_CREDENTIALS_MISSING',
        'The terminal is fiscalized but its fiscal-server credentials are missing',
      );
    case 'fiscal':
      return;
  }
}
