// TEMPORARY (while the other systems are converted): DBM and DBA only.
import type { AnySystem } from '../core/system.ts';
import dbmSystem from './dbm/index.ts';
import dbaSystem from './dba/index.ts';

export const BUILT_IN_SYSTEMS: readonly AnySystem[] = [dbmSystem as unknown as AnySystem, dbaSystem as unknown as AnySystem];
