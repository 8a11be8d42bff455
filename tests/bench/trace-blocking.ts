/**
 * Blocking time read off a page load's own trace, two ways: from each main-thread task's wall time
 * (what Lighthouse's simulation takes as the task's length) and from the CPU time the thread itself
 * spent in it (the trace's thread clock, `tdur`). Both are scaled as Lighthouse's mobile preset does
 * (4× CPU slowdown, 50 ms allowance per task) and summed from the first contentful paint to the end of
 * the trace.
 *
 * Why both: on this workplace's 2-core machines the page's main thread was runnable but not running
 * for about two thirds of every task after the first paint (wall 1150–2000 ms, CPU 430–600 ms on
 * /home): the browser's other processes, the service worker's precache and the server share two
 * cores, and every wait is multiplied by 4. A phone gives its renderer a core of its own. The CPU
 * column is what the page's code and rendering cost; the wall column is what this host made of it.
 * Neither replaces Lighthouse's own TBT, which stays the target.
 */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface Blocking {
  /** Σ max(0, 4 × wall − 50) over the main thread's tasks after FCP, ms. */
  wallMs: number;
  /** The same from each task's thread CPU time, ms. */
  cpuMs: number;
  /** The main thread's busy time after FCP: wall and CPU, ms (unscaled). */
  busyWallMs: number;
  busyCpuMs: number;
}

const SLOWDOWN = 4;
const ALLOWANCE_MS = 50;
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** The page's main thread: the renderer thread that painted the first contentful paint. */
function mainThread(events: TraceEvent[], fcp: TraceEvent): number {
  const named = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === fcp.pid && e.args?.name === 'CrRendererMain',
  );
  return named?.tid ?? fcp.tid;
}

export function blockingFromTrace(events: TraceEvent[]): Blocking | null {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return null;
  const tid = mainThread(events, fcp);
  const tasks = events
    .filter(
      (e) => e.ph === 'X' && TASK_NAMES.has(e.name) && e.pid === fcp.pid && e.tid === tid && e.ts >= fcp.ts,
    )
    .sort((a, b) => a.ts - b.ts);
  const out: Blocking = { wallMs: 0, cpuMs: 0, busyWallMs: 0, busyCpuMs: 0 };
  let end = -Infinity;
  for (const task of tasks) {
    // A task nested in another (the scheduler's RunTask inside the thread's) is counted once.
    if (task.ts < end) continue;
    const wall = (task.dur ?? 0) / 1000;
    const cpu = (task.tdur ?? task.dur ?? 0) / 1000;
    end = task.ts + (task.dur ?? 0);
    out.busyWallMs += wall;
    out.busyCpuMs += cpu;
    out.wallMs += Math.max(0, SLOWDOWN * wall - ALLOWANCE_MS);
    out.cpuMs += Math.max(0, SLOWDOWN * cpu - ALLOWANCE_MS);
  }
  for (const k of Object.keys(out) as (keyof Blocking)[]) out[k] = Math.round(out[k]);
  return out;
}
