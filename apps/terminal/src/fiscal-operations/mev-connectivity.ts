/**
 * What the terminal last learned about the fiscal server, shown as `fiscalStatus` in health:
 *
 * - `online`: the last request got an answer about its operations (registered, or an
 *   operation refused for itself); also before the first request;
 * - `unreachable`: the last request got no usable answer (an outage);
 * - `refused`: the server answered, but refused the request as a whole with a fault about
 *   the terminal (certificate, credentials) or about itself. The offline queue cannot drain
 *   while this lasts, although the server answers, so it must not read as online.
 */
export interface MevRefusal {
  code: string;
  message: string;
  /** First refusal of the current run of refusals. */
  since: string;
}

export type MevContactState = 'online' | 'unreachable' | 'refused';

export class MevConnectivity {
  private state: MevContactState = 'online';
  private lastContactAt: string | null = null;
  private lastError: string | null = null;
  private refusal: MevRefusal | null = null;

  /** The server answered about the operations sent. */
  reached(at: Date): void {
    this.state = 'online';
    this.lastContactAt = at.toISOString();
    this.lastError = null;
    this.refusal = null;
  }

  /** The server answered with a fault about the terminal or itself, for the request as a whole. */
  refused(at: Date, code: string, message: string): void {
    const since = this.refusal?.since ?? at.toISOString();
    this.state = 'refused';
    this.lastContactAt = at.toISOString();
    this.lastError = `${code}: ${message}`;
    this.refusal = { code, message, since };
  }

  unreachable(message: string): void {
    this.state = 'unreachable';
    this.lastError = message;
    this.refusal = null;
  }

  get isOnline(): boolean {
    return this.state === 'online';
  }

  snapshot(): {
    state: MevContactState;
    lastContactAt: string | null;
    lastError: string | null;
    refusal: MevRefusal | null;
  } {
    return {
      state: this.state,
      lastContactAt: this.lastContactAt,
      lastError: this.lastError,
      refusal: this.refusal,
    };
  }
}
