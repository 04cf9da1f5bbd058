// Group commit: the first item waits `lingerMs` for company, and items added while a write is
// running go together in the next one, so N deliveries finishing close together cost one
// statement, not N transactions. On PGlite every query runs on the one thread that also serves
// the API; this is part of what lets it keep up at 200 events/s.

interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class GroupWriter<T> {
  private waiting: Waiting<T>[] = [];
  /** A drain is scheduled or running. */
  private busy = false;

  constructor(
    private readonly write: (items: readonly T[]) => Promise<void>,
    private readonly lingerMs: number,
    private readonly maxGroup = 256,
  ) {}

  /**
   * Resolves once the item's group is written; rejects with the group's error (the worker logs
   * it, and those deliveries are sent again when their lease lapses: at least once, as before).
   */
  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.busy) return;
      this.busy = true;
      setTimeout(() => void this.drain(), this.lingerMs);
    });
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.maxGroup);
      try {
        await this.write(group.map((w) => w.item));
        for (const w of group) w.resolve();
      } catch (error) {
        for (const w of group) w.reject(error);
      }
    }
    this.busy = false;
  }
}
