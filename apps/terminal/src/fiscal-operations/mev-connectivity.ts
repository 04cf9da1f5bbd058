/** What the terminal last learned about the fiscal server: shown as `fiscalStatus` in health. */
export class MevConnectivity {
  private online = true;
  private lastContactAt: string | null = null;
  private lastError: string | null = null;

  reached(at: Date): void {
    this.online = true;
    this.lastContactAt = at.toISOString();
    this.lastError = null;
  }

  unreachable(message: string): void {
    this.online = false;
    this.lastError = message;
  }

  get isOnline(): boolean {
    return this.online;
  }

  snapshot(): { online: boolean; lastContactAt: string | null; lastError: string | null } {
    return { online: this.online, lastContactAt: this.lastContactAt, lastError: this.lastError };
  }
}
