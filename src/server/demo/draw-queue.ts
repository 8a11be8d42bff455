/**
 * Who draws next when demo pictures are drawn on demand. An external pass found one client with no
 * session could stall every reader: 300 thumbnail requests filled one first-come queue, two at a time,
 * and a reader's first page waited 11 s behind them. So:
 * - each client (address) has its own line, and the lines are served in turn: a flood from one address
 *   delays a reader by at most the drawings under way, not by the flood's length;
 * - within a line, and across lines, a more urgent kind goes first (a reader's page before a cover
 *   before a chapter thumbnail; drawing ahead of demand comes last);
 * - a client may have only so many drawings waiting: beyond that it is refused at once (the route
 *   answers 503 with Retry-After, the app shows its placeholder and asks again when the picture is
 *   in view), and all clients together only so many more, so memory and wait stay bounded when many
 *   addresses ask at once (a client is an IPv4 address or an IPv6 /64, http/address-group.ts);
 * - a drawing whose every asker went away (the request was cancelled) leaves the queue before it starts;
 * - one picture asked for by several clients is drawn once, and all of them get it.
 */

/** Lower runs first. */
export const DrawPriority = { page: 0, cover: 1, thumb: 2, ahead: 3 } as const;
export type DrawPriority = (typeof DrawPriority)[keyof typeof DrawPriority];

export interface DrawQueueOptions {
  /** Drawings at once (one per core). */
  parallel: number;
  /** Drawings one client may have waiting (not yet started) before it is refused. */
  maxWaitingPerClient: number;
  /**
   * Drawings all clients together may have waiting before a new one is refused (drawing ahead of
   * demand excepted): many addresses each within their share must not queue up work without end.
   */
  maxWaiting: number;
}

/** Refused because the asking client already has its share of drawings waiting. */
export class DrawQueueFullError extends Error {
  constructor() {
    super('too many drawings waiting for this client');
  }
}

/** A drawing nobody waits for any more, dropped before it started. */
export class DrawCancelledError extends Error {
  constructor() {
    super('drawing cancelled');
  }
}

interface Waiter {
  client: string;
  resolve: () => void;
  reject: (err: unknown) => void;
}

interface Task {
  key: string;
  priority: DrawPriority;
  draw: () => Promise<void>;
  waiters: Set<Waiter>;
  /** Clients whose line holds this task (a task joined by a second client waits in both lines). */
  lines: Set<string>;
  started: boolean;
  done: Promise<void>;
}

export class DrawQueue {
  private readonly tasks = new Map<string, Task>();
  /** Each client's waiting tasks, in arrival order. */
  private readonly lines = new Map<string, Task[]>();
  /** Clients in the order they are served; the next to serve is at the front. */
  private turn: string[] = [];
  private running = 0;

  constructor(private readonly opts: DrawQueueOptions) {}

  /** Drawings running and waiting, per client waiting (tests and diagnostics). */
  load() {
    const waiting: Record<string, number> = {};
    for (const [client, line] of this.lines) waiting[client] = line.length;
    return { running: this.running, waiting };
  }

  /**
   * Resolves when `key` is drawn (by this call's `draw`, or by a call already under way for the same key).
   * Rejects with DrawQueueFullError when `client` has too many waiting, DrawCancelledError when `signal`
   * aborts before the drawing starts (a started drawing finishes and is kept for the next asker).
   */
  run(
    key: string,
    client: string,
    priority: DrawPriority,
    draw: () => Promise<void>,
    signal?: AbortSignal,
  ): Promise<void> {
    if (signal?.aborted) return Promise.reject(new DrawCancelledError());
    let task = this.tasks.get(key);
    if (task?.started) return task.done;
    if (!task || !task.lines.has(client)) {
      if ((this.lines.get(client)?.length ?? 0) >= this.opts.maxWaitingPerClient)
        return Promise.reject(new DrawQueueFullError());
    }
    // Joining a drawing already waiting adds no work; the ahead job waits for one at a time and must
    // not be turned away by a flood (its run would fail and the pictures stay undrawn).
    if (!task && priority !== DrawPriority.ahead && this.tasks.size - this.running >= this.opts.maxWaiting)
      return Promise.reject(new DrawQueueFullError());
    if (!task) {
      task = this.newTask(key, priority, draw);
      this.tasks.set(key, task);
    } else if (priority < task.priority) task.priority = priority;
    this.enqueue(task, client);
    const t = task;
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => this.abandon(t, waiter);
      // The listener goes when the wait ends: the draw-ahead job passes one signal for thousands of
      // drawings, and listeners left on it kept every finished task alive (and warned at 11).
      const waiter: Waiter = {
        client,
        resolve: () => (signal?.removeEventListener('abort', onAbort), resolve()),
        reject: (err) => (signal?.removeEventListener('abort', onAbort), reject(err)),
      };
      t.waiters.add(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pump();
    });
  }

  private newTask(key: string, priority: DrawPriority, draw: () => Promise<void>): Task {
    let settle!: { resolve: () => void; reject: (e: unknown) => void };
    const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    // A failure reaches the waiters through their own promises; this one only feeds late joiners.
    done.catch(() => undefined);
    const task: Task = {
      key,
      priority,
      draw: () => draw().then(settle.resolve, (e: unknown) => (settle.reject(e), Promise.reject(e))),
      waiters: new Set(),
      lines: new Set(),
      started: false,
      done,
    };
    return task;
  }

  private enqueue(task: Task, client: string) {
    if (task.lines.has(client)) return;
    task.lines.add(client);
    const line = this.lines.get(client);
    if (line) line.push(task);
    else {
      // A client with nothing waiting goes first among equals: a reader's first picture is not put
      // behind a line that was just served.
      this.lines.set(client, [task]);
      this.turn.unshift(client);
    }
  }

  private removeFromLines(task: Task) {
    for (const client of task.lines) {
      const line = this.lines.get(client);
      if (!line) continue;
      const i = line.indexOf(task);
      if (i >= 0) line.splice(i, 1);
      if (line.length === 0) {
        this.lines.delete(client);
        this.turn = this.turn.filter((c) => c !== client);
      }
    }
    task.lines.clear();
  }

  /** An asker went away: without askers left, a task not yet started leaves the queue. */
  private abandon(task: Task, waiter: Waiter) {
    if (!task.waiters.delete(waiter) || task.started) return;
    waiter.reject(new DrawCancelledError());
    if ([...task.waiters].some((w) => w.client === waiter.client)) return;
    // This client no longer waits for it: it leaves this client's line (and its count).
    const line = this.lines.get(waiter.client);
    const i = line?.indexOf(task) ?? -1;
    if (line && i >= 0) {
      line.splice(i, 1);
      task.lines.delete(waiter.client);
      if (line.length === 0) {
        this.lines.delete(waiter.client);
        this.turn = this.turn.filter((c) => c !== waiter.client);
      }
    }
    if (task.waiters.size === 0) {
      this.removeFromLines(task);
      this.tasks.delete(task.key);
    }
  }

  /**
   * The next task: the most urgent kind any line has at its best; among lines offering it, the first in
   * turn order, which then goes to the back (round robin between clients).
   */
  private next(): Task | undefined {
    let best: { task: Task; client: string } | undefined;
    for (const client of this.turn) {
      const line = this.lines.get(client)!;
      let top = line[0]!;
      for (const t of line) if (t.priority < top.priority) top = t;
      if (!best || top.priority < best.task.priority) best = { task: top, client };
    }
    if (!best) return undefined;
    this.turn = this.turn.filter((c) => c !== best.client).concat(best.client);
    return best.task;
  }

  private pump() {
    while (this.running < this.opts.parallel) {
      const task = this.next();
      if (!task) return;
      this.removeFromLines(task);
      task.started = true;
      this.running++;
      void task
        .draw()
        .then(
          () => task.waiters.forEach((w) => w.resolve()),
          (err: unknown) => task.waiters.forEach((w) => w.reject(err)),
        )
        .finally(() => {
          this.running--;
          this.tasks.delete(task.key);
          this.pump();
        });
    }
  }
}
