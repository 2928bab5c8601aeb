/**
 * A whole study as a user runs it, against the estimate it printed first (docs/scenarios.md "How big a
 * run may be"): by default the bundled balance study (`scenarios/dbm-3.2-costs.yaml`: every costed land
 * element, DBM 3.0, 3.1 and 3.2, the default grid of 8 battlefield variants) on 2 threads; one run (it
 * takes minutes). `bench/small-balance.yaml` is a small one (seconds).
 *
 * The study runs as a child process with DEBELLATOR_ESTIMATE=always (every estimate printed, and what it
 * was made from). Its wall time is taken from the estimate line to the end (what the estimate is of) and
 * in all; its peak resident memory is the child's maximum RSS, from `/usr/bin/time -v` where there is
 * one (its children's included), else the VmHWM of the child and its children in /proc, polled. Where
 * `/usr/bin/time` and /proc/stat say them, it also prints how much work other processes did meanwhile
 * (the machine's busy ticks less the child's processor time): a run that shared the machine takes
 * longer than its estimate, which judged the machine before.
 *
 * Run: npx tsx bench/study.ts [scenario] [threads]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const scenario = process.argv[2] ?? 'scenarios/dbm-3.2-costs.yaml';
const threads = process.argv[3] ?? String(Math.min(2, availableParallelism()));
const TIME = '/usr/bin/time';

/** Seconds of "about 12 min" (durations as estimate.ts writes them). */
export function secondsOf(text: string): number | undefined {
  const m = /about ([\d.,]+) (s|min|h|days|years)\b/.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]!.replace(/,/g, ''));
  return n * { s: 1, min: 60, h: 3600, days: 86400, years: 365 * 86400 }[m[2] as 's'];
}

/** Bytes of "about 1.2 GB of memory" / "about 300 MB of memory". */
export function bytesOf(text: string): number | undefined {
  const m = /about ([\d.,]+) (MB|GB) of memory/.exec(text);
  if (!m) return undefined;
  return Number(m[1]!.replace(/,/g, '')) * (m[2] === 'GB' ? 1024 ** 3 : 1024 ** 2);
}

/** The machine's busy and total clock ticks so far (Linux /proc/stat), or undefined. */
function machineTicks(): { busy: number; total: number } | undefined {
  try {
    // cpu user nice system idle iowait irq softirq steal ...
    const t = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]!
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    if (t.length < 8 || t.some((x) => !Number.isFinite(x))) return undefined;
    const busy = t[0]! + t[1]! + t[2]! + t[5]! + t[6]! + t[7]!;
    return { busy, total: busy + t[3]! + t[4]! };
  } catch {
    return undefined;
  }
}

/**
 * The peak resident memory so far (bytes) of the child and its own children, from /proc, or undefined:
 * the launcher (bin/debellator.js) runs the CLI in a process of its own, whose peak is the run's.
 */
function vmHwm(pid: number): number | undefined {
  let own: number;
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (!m) return undefined;
    own = Number(m[1]) * 1024;
  } catch {
    return undefined;
  }
  let children: string[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  } catch {
    // A kernel without the children file: the process's own.
  }
  return Math.max(own, ...children.map((c) => vmHwm(Number(c)) ?? 0));
}

const minutes = (s: number) => (s >= 90 ? `${(s / 60).toFixed(1)} min` : `${s.toFixed(1)} s`);
const gb = (b: number) =>
  b >= 1024 ** 3 ? `${(b / 1024 ** 3).toFixed(2)} GB` : `${Math.round(b / 1024 ** 2)} MB`;

async function main(): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'debellator-study-bench-'));
  console.log(
    `study: ${scenario}, ${threads} threads, load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
  );
  const cli = ['bin/debellator.js', 'run', scenario, '--out', join(out, 'r'), '--threads', threads];
  const timed = existsSync(TIME);
  const ticks0 = machineTicks();
  const t0 = performance.now();
  const child = spawn(timed ? TIME : process.execPath, timed ? ['-v', process.execPath, ...cli] : cli, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DEBELLATOR_ESTIMATE: 'always' },
  });
  let peak = 0;
  const poll = timed ? undefined : setInterval(() => (peak = Math.max(peak, vmHwm(child.pid!) ?? 0)), 200);
  let estimate: { line: string; at: number; inputs?: string } | undefined;
  let sampled: number | undefined;
  /** The child's processor seconds (user and system), from /usr/bin/time. */
  let childCpu: number | undefined;
  const tail: string[] = [];
  const lines = createInterface({ input: child.stderr! });
  lines.on('line', (raw) => {
    for (const line of raw.split('\r')) {
      const at = (performance.now() - t0) / 1000;
      if (!estimate && /: about .* of memory/.test(line)) estimate = { line, at };
      else if (estimate && !estimate.inputs && /: \(.*\)$/.test(line)) estimate.inputs = line;
      if (/sampling done/.test(line)) sampled ??= at;
      const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(line);
      if (rss) peak = Number(rss[1]) * 1024;
      const cpu = /(User|System) time \(seconds\): ([\d.]+)/.exec(line);
      if (cpu) childCpu = (childCpu ?? 0) + Number(cpu[2]);
      if (line.trim() !== '') tail.push(line);
      if (tail.length > 20) tail.shift();
    }
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (poll) clearInterval(poll);
  const total = (performance.now() - t0) / 1000;
  const ticks1 = machineTicks();
  try {
    if (code !== 0) {
      console.log(tail.join('\n'));
      throw new Error(`the study failed (exit ${code})`);
    }
    if (!estimate) throw new Error('the study printed no estimate');
    const results = JSON.parse(readFileSync(join(out, 'r', 'results.json'), 'utf8')) as {
      studies: { name: string; kind: string; results: { fought?: number; units?: unknown[] } }[];
    };
    const fought = results.studies.reduce((t, s) => t + (s.results.fought ?? 0), 0);
    const units = results.studies.reduce((t, s) => t + (s.results.units?.length ?? 0), 0);
    const after = total - estimate.at;
    const estSeconds = secondsOf(estimate.line);
    const estBytes = bytesOf(estimate.line);
    console.log(
      `   estimate (printed after ${estimate.at.toFixed(1)} s): ${estimate.line.replace(/^debellator: /, '')}`,
    );
    if (estimate.inputs) console.log(`   made from ${estimate.inputs.replace(/^debellator: [^(]*/, '')}`);
    console.log(
      `   actual: ${minutes(after)} from the estimate to the end${sampled !== undefined ? ` (sampling ${minutes(sampled - estimate.at)}, analysis and report ${minutes(total - sampled)})` : ''}, ${minutes(total)} in all; peak resident memory ${peak > 0 ? gb(peak) : 'unknown'}`,
    );
    if (ticks0 && ticks1 && childCpu !== undefined) {
      // Clock ticks are hundredths of a second (USER_HZ).
      const others = Math.max(0, (ticks1.busy - ticks0.busy) / 100 - childCpu) / total;
      console.log(
        `   the study's processor time ${childCpu.toFixed(1)} s; other processes meanwhile ${others.toFixed(2)} processors' worth`,
      );
    }
    if (estSeconds !== undefined && estBytes !== undefined)
      console.log(
        `   estimate / actual: time ${(estSeconds / after).toFixed(2)}, memory ${peak > 0 ? (estBytes / peak).toFixed(2) : '?'} (the estimate's target: 0.7 to 1.3)`,
      );
    if (units > 0)
      console.log(
        `   ${units} units, ${fought.toLocaleString('en-US')} engagements, ${Math.round(fought / after).toLocaleString('en-US')} engagements/s (issue #21's target: the default study under 3 min and 1.5 GB on 2 cores)`,
      );
    // Per study: what it fought (a balance study's engagements, an army study's battles).
    for (const s of results.studies)
      console.log(`   ${s.name} (${s.kind}): ${(s.results.fought ?? 0).toLocaleString('en-US')} fought`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

await main();
