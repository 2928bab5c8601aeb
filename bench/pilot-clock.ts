/**
 * How exactly a pilot's processor time is read (src/pipeline/estimate.ts `timed`; docs/scenarios.md
 * "How the estimate is made"): a fixed piece of work of a few milliseconds, as long as a small study's
 * pilot runs, timed many times two ways against the process's processor time (getrusage: exact, and this
 * script has no other busy thread):
 *
 * - the processor time in /proc/thread-self/schedstat (its first field), as the estimate read it before:
 *   brought up to date only at the scheduler's ticks and switches;
 * - the clock time less the wait for a processor (its second field), as it reads it now.
 *
 * Linux only. Run: npx tsx bench/pilot-clock.ts
 */
import { readFileSync } from 'node:fs';

const schedstat = (): [number, number] => {
  const [cpu, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
  return [cpu! / 1e6, wait! / 1e6];
};

/** Work of about `ms` milliseconds of one processor (calibrated below). */
let perMs = 0;
function work(n: number): number {
  let x = 0;
  for (let i = 0; i < n; i++) x += Math.sqrt(i ^ (x | 0));
  return x;
}
let sink = 0;
{
  const t = performance.now();
  sink += work(2e7);
  perMs = 2e7 / (performance.now() - t);
}

const rms = (xs: readonly number[]) => Math.sqrt(xs.reduce((t, x) => t + x * x, 0) / xs.length);

for (const ms of [1, 4, 16]) {
  const stat: number[] = [];
  const clock: number[] = [];
  const zero = { count: 0 };
  for (let i = 0; i < 60; i++) {
    const u0 = process.cpuUsage();
    const [c0, w0] = schedstat();
    const t0 = performance.now();
    sink += work(Math.round(ms * perMs));
    const elapsed = performance.now() - t0;
    const [c1, w1] = schedstat();
    const u = process.cpuUsage(u0);
    const exact = (u.user + u.system) / 1e3;
    stat.push(c1 - c0 - exact);
    clock.push(elapsed - (w1 - w0) - exact);
    if (c1 - c0 === 0) zero.count++;
  }
  console.log(
    `${ms} ms of work, 60 times: schedstat's processor time off by ${rms(stat).toFixed(2)} ms (rms; ${zero.count} read 0), clock less wait off by ${rms(clock).toFixed(2)} ms`,
  );
}
if (sink === 42) console.log('');
