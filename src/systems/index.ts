// TEMPORARY (while the other systems are converted): DBM only.
import type { AnySystem } from '../core/system.ts';
import dbmSystem from './dbm/index.ts';

export const BUILT_IN_SYSTEMS: readonly AnySystem[] = [dbmSystem as unknown as AnySystem];
