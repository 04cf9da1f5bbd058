// A polling worker's wait between two rounds (mail/mail-worker.ts, webhooks/delivery-worker.ts):
// the poll interval, unless the worker is woken. A wake while no wait runs makes the next one
// end at once, so work committed in between is not left for the poll after. (The terminal's
// workers wait the same way: apps/terminal/src/background/wake-signal.ts.)
export class PollWait {
  #end: (() => void) | undefined;
  #woken = false;

  /** Resolves after `ms`, or when woken; at once when woken since the last wait. */
  wait(ms: number): Promise<void> {
    if (this.#woken) {
      this.#woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#end = undefined;
        this.#woken = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#end = done;
    });
  }

  /** Ends the wait that runs, or the next one as soon as it starts. */
  wake(): void {
    this.#woken = true;
    this.#end?.();
  }

  /** Ends the wait that runs, if one does (a busy worker has room again). */
  interrupt(): void {
    this.#end?.();
  }
}
