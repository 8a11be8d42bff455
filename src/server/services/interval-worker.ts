/**
 * A pass run on an interval in a server process, one pass at a time. `kick()` asks for a pass now: during
 * one, another follows right after it (work that arrived meanwhile is not left for the next tick).
 * `stop()` waits for the pass under way, so the database can close after it. All state lives in the
 * database, so every API node may run one.
 */
export class IntervalWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly intervalMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => this.run(false), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  kick(): void {
    this.run(true);
  }

  private run(queueIfBusy: boolean): void {
    if (this.stopped) return;
    if (this.running) {
      if (queueIfBusy) this.again = true;
      return;
    }
    this.running = this.pass()
      .catch(this.onError)
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.run(false);
        }
      });
  }
}
