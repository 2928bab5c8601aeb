// The V8 settings a run's process is started with (bin/debellator.js), in one place so that the
// benchmarks can time the kernel under the same ones (ARCHITECTURE.md "Worker threads and the collector",
// "The compiler's inlining budget").

/** The collector works on the thread that allocates: no helper threads taking the workers' cores. */
export const GC_FLAG = '--single-threaded-gc';

/**
 * Larger inlining budgets for V8's optimising compiler (its defaults: 920 bytes of bytecode inlined into
 * one function in all, 460 for one callee). With the defaults a bound's combat pass inlines its table
 * look-ups but calls out for each fight, its dice and its outcomes; with these it compiles them as one.
 * They change which code is compiled together, never what it computes.
 */
export const JIT_FLAGS = ['--max-inlined-bytecode-size-cumulative=3000', '--max-inlined-bytecode-size=800'];

/**
 * How far a heap may grow past what its last full collection kept before the next: by half (V8's
 * default works it out from how fast the thread allocates). The CLI's own thread allocates slowly (it
 * waits on the workers), so by default it got a next limit only a few percent above its live heap of
 * about 110 MB, and a full collection every 2 s that freed 5 to 10 MB and took some 200 ms of processor
 * time from the workers (75 in the bundled study, some 16 s). The flag is the process's: the worker
 * threads, which allocate fast and had grown by somewhat more than half, take it too (ARCHITECTURE.md
 * "Worker threads and the collector").
 */
export const HEAP_FLAGS = ['--heap-growing-percent=50'];

/**
 * The flags that steer the compiler and the collector, unlike GC_FLAG also settable once the process runs
 * (v8.setFlagsFromString): what the launcher adds and what the benchmarks set (bench/v8-flags.ts).
 */
export const TUNING_FLAGS = [...JIT_FLAGS, ...HEAP_FLAGS];

/** The name of a `--name=value` flag. */
const nameOf = (flag) => flag.split('=')[0];

/** The flags of `wanted` whose name none of `given` sets (a value the user gave stays). */
export function missingFlags(given, wanted) {
  const names = new Set(given.map(nameOf));
  return wanted.filter((f) => !names.has(nameOf(f)));
}
