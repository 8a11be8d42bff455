import { describe, expect, it } from 'vitest';
import { blockingFromTrace, type TraceEvent } from '../bench/trace-blocking';

const meta = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (ts: number, durMs: number, cpuMs: number, tid = 1, name = 'RunTask'): TraceEvent => ({
  name,
  ph: 'X',
  pid: 10,
  tid,
  ts: ts * 1000,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});

describe('blocking time from a trace', () => {
  it('scales the main thread tasks after the first paint by 4 and counts wall and CPU time apart', () => {
    const events = [
      meta(10, 1, 'CrRendererMain'),
      meta(10, 2, 'Compositor'),
      task(50, 100, 100), // before FCP: not counted
      { name: 'firstContentfulPaint', ph: 'R', pid: 10, tid: 1, ts: 200_000 },
      task(300, 40, 10), // wall 4×40−50 = 110, CPU 4×10−50 < 0
      task(301, 39, 10, 1, 'ThreadControllerImpl::RunTask'), // nested in the one above: once
      task(400, 10, 10), // short either way
      task(500, 30, 20), // wall 70, CPU 30
      task(600, 100, 100, 2), // another thread: not counted
    ];
    expect(blockingFromTrace(events)).toEqual({ wallMs: 180, cpuMs: 30, busyWallMs: 80, busyCpuMs: 40 });
  });

  it('gives nothing for a trace without a first paint', () => {
    expect(blockingFromTrace([task(0, 100, 100)])).toBeNull();
  });
});
