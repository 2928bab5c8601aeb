/**
 * Imported first by the benchmarks that time the kernel in their own process: the optimising compiler's
 * inlining budgets and the heaps' growth a run's process is started with (bin/node-flags.js), so that
 * their figures are what a run gets. Set before any code is optimised; they only steer which functions
 * are compiled together and when the collector runs.
 */
import { setFlagsFromString } from 'node:v8';
import { TUNING_FLAGS } from '../bin/node-flags.js';

for (const flag of TUNING_FLAGS) setFlagsFromString(flag);
