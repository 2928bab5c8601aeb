/**
 * Imported first by the benchmarks that time the kernel in their own process: the optimising compiler's
 * inlining budgets a run's process is started with (bin/node-flags.js), so that their figures are what a
 * run gets. Set before any code is optimised; they only steer which functions are compiled together.
 */
import { setFlagsFromString } from 'node:v8';
import { JIT_FLAGS } from '../bin/node-flags.js';

for (const flag of JIT_FLAGS) setFlagsFromString(flag);
