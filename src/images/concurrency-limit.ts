/** Runs at most `max` tasks at once; the others wait their turn in order. */
export class ConcurrencyLimit {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.max) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiting task, or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
