/**
 * Work a call starts after it has answered and does not wait for (a reset link made and mailed while the
 * visitor already has the answer). It is tracked so that shutdown finishes it and tests can wait until it
 * is done, instead of it landing in whatever runs next.
 */
export class BackgroundWork {
  readonly #running = new Set<Promise<void>>();

  /** Runs `work`, once `after` has resolved when given (the call's answer has been written). */
  start(work: () => Promise<void>, onError: (err: unknown) => void, after?: Promise<void>): void {
    const done: Promise<void> = (after ? after.then(work) : work()).catch(onError).finally(() => this.#running.delete(done));
    this.#running.add(done);
  }

  /** Resolves once no work is running, including work started by work that was running. */
  async idle(): Promise<void> {
    while (this.#running.size) await Promise.all([...this.#running]);
  }
}
