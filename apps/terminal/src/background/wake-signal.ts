/**
 * How a background worker waits: until `wake` (work arrived, a device came back) or a timeout.
 * A wake that comes while the worker is busy is kept, so the next wait returns at once and no
 * work is left waiting for a timer.
 */
export class WakeSignal {
  #resolve: (() => void) | null = null;
  #pending = false;

  wait(ms: number | null): Promise<void> {
    if (this.#pending) {
      this.#pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | null = null;
      const done = () => {
        if (timer) clearTimeout(timer);
        this.#resolve = null;
        resolve();
      };
      if (ms !== null) timer = setTimeout(done, ms);
      this.#resolve = done;
    });
  }

  wake(): void {
    if (this.#resolve) this.#resolve();
    else this.#pending = true;
  }
}
