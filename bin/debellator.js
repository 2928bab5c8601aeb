#!/usr/bin/env node
// Thin launcher: runs the CLI in a Node process whose garbage collector does its work on the thread that
// allocates (V8's --single-threaded-gc), whose optimising compiler has larger inlining budgets, whose
// heaps grow by half between full collections (the flags in node-flags.js) and whose allocator keeps two
// arenas (MALLOC_ARENA_MAX), registers tsx so the TypeScript sources run directly, then hands over to the
// CLI.
//
// The collector's flag is V8's and must be given when the process starts (set later, V8 aborts), so
// without it the launcher starts Node again with it (and the other flags of node-flags.js), passes its
// standard streams and signals on, and ends as that process ends. Why the flag: a run keeps every core
// busy with a worker thread, and V8's collector helper threads then only take processor time from them
// (ARCHITECTURE.md "Worker threads and the collector"). A process started under an inspector
// (--inspect...) is not started again: its debugger is attached to this one.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { GC_FLAG, TUNING_FLAGS, missingFlags } from './node-flags.js';

const inspected = process.execArgv.some((a) => a.startsWith('--inspect'));

if (process.execArgv.includes(GC_FLAG) || inspected) {
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import('../src/cli/main.ts');
  process.exitCode = await main(process.argv.slice(2));
} else {
  const child = spawn(
    process.execPath,
    [
      ...process.execArgv,
      GC_FLAG,
      // The compiler's inlining budgets and the heaps' growth (node-flags.js), unless the user set them.
      ...missingFlags(process.execArgv, TUNING_FLAGS),
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    // glibc's allocator keeps an arena per thread by default, and memory freed in one is not given back
    // while its neighbours stay in use: two arenas for all the threads hold less (ARCHITECTURE.md "Worker
    // threads and the collector"). A value the user set stays.
    { stdio: 'inherit', env: { MALLOC_ARENA_MAX: '2', ...process.env } },
  );
  // A terminal sends its interrupt to the whole foreground group, the CLI's process with this one; a
  // second, forwarded copy would make the CLI stop at once instead of cleaning up (cli/commands/run.ts
  // SignalGuard). Without a terminal (a script's kill), the interrupt is this process's alone: pass it on.
  const terminal = process.stdin.isTTY || process.stdout.isTTY || process.stderr.isTTY;
  const forward = (signal) => () => {
    if (signal !== 'SIGINT' || !terminal) child.kill(signal);
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, forward(signal));
  child.on('error', (e) => {
    process.stderr.write(`debellator: could not start Node (${process.execPath}): ${e.message}\n`);
    process.exitCode = 1;
  });
  child.on('exit', (code, signal) => {
    for (const s of signals) process.removeAllListeners(s);
    // Killed by a signal: end the same way, so whoever started this process sees it.
    if (signal) {
      process.exitCode = 128 + (constants.signals[signal] ?? 0);
      process.kill(process.pid, signal);
    } else process.exitCode = code ?? 1;
  });
}
