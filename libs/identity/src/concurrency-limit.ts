/**
 * At most `running` tasks at once, and at most `waiting` more queued for a turn (first come, first
 * served); a task beyond both is refused at once with `refusal()`, so a flood is answered quickly
 * instead of making everyone wait longer and longer.
 */
export class ConcurrencyLimit {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    readonly limits: { running: number; waiting: number },
    private readonly refusal: () => Error,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limits.running) {
      if (this.queue.length >= this.limits.waiting) throw this.refusal();
      // A finishing task hands its turn over: `active` stays counted for this one.
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }
}
