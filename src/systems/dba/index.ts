/**
 * DBA (De Bellis Antiquitatis) 3.0 as one SystemModule (core/system.ts): the only thing code outside this
 * folder imports from it.
 */
import { InputError } from '../../core/errors.ts';
import type { SystemModule, Variant, VariantSpec } from '../../core/system.ts';
import { linesModel } from '../../engine/lines/index.ts';
import { dbaLineAdapter } from './engagement.ts';
import { allDbaElements, formatDbaElement, parseDbaElement } from './notation.ts';
import type { DbaOutcome } from './outcomes.ts';
import {
  dbaCombatSchema,
  dbaSideSchema,
  dbaSituationSchema,
  dbaToInput,
  parseDbaSituation,
} from './parse-situation.ts';
import { dba } from './ruleset.ts';
import type { DbaSituation } from './situation.ts';
import { DBA_TROOP_NAMES, DBA_TROOP_TYPES, isFoot, isMounted, type DbaElement } from './troops.ts';

const VERSION = 'dba-3.0';

/** The type a DBA element is written with: 4Lb -> Lb, HCh -> HCh (notation.ts). */
const writtenType = (e: DbaElement): string => e.code.replace(/^\d+/, '');

const WRITTEN_NAMES: Readonly<Record<string, string>> = {
  Lb: 'Longbows',
  Cb: 'Crossbows',
};

function variant(spec: VariantSpec): Variant<DbaSituation, DbaOutcome, DbaElement> {
  if (spec.version !== VERSION)
    throw new InputError(`"${spec.version}" is not a DBA version (${VERSION})`, { path: ['version'] });
  if (spec.costs && Object.keys(spec.costs).length > 0)
    throw new InputError('DBA 3.0 has no points: cost overrides do not apply', { path: ['costs'] });
  if (spec.rules) throw new InputError('DBA 3.0 has no rule switches to override', { path: ['rules'] });
  return { spec, name: 'DBA 3.0', ruleset: dba, parseSituation: parseDbaSituation };
}

const types = [...new Set([...DBA_TROOP_TYPES, ...allDbaElements().map(writtenType)])];

const dbaSystem: SystemModule<DbaSituation, DbaOutcome, DbaElement> = {
  id: 'dba',
  name: 'DBA',
  source: import.meta.url,
  versions: [{ id: VERSION, name: 'DBA 3.0' }],
  // DBA 3.0 Combat outcome: destroyed, flees, recoils or no effect, worst first.
  outcomes: [
    { id: 'destroyed', label: 'destroyed', color: '#c2362f', loss: 1, effect: true },
    { id: 'flee', label: 'flees', atLeast: 'flees or worse', color: '#e8833a', loss: 0, effect: true },
    { id: 'recoil', label: 'recoils', atLeast: 'recoils or worse', color: '#e9c46a', loss: 0, effect: true },
    { id: 'none', label: 'no effect', color: '#8fb39a', loss: 0, effect: false },
  ],
  situation: {
    schema: dbaSituationSchema,
    side: dbaSideSchema,
    combat: dbaCombatSchema,
    defaults: { mode: 'close', bound: 'a' },
    toInput: dbaToInput,
    example: () => ({ rules: VERSION, mode: 'close', a: { element: '4Bd' }, b: { element: '3Kn' } }),
    modeName: (s) => (s.mode === 'close' ? 'close combat' : 'shooting'),
  },
  catalogue: {
    parse: parseDbaElement,
    format: formatDbaElement,
    all: allDbaElements,
    types: types.map((t) => ({
      id: t,
      name: (DBA_TROOP_NAMES as Record<string, string>)[t] ?? WRITTEN_NAMES[t] ?? t,
    })),
    typesOf: (e) => [...new Set([e.type, writtenType(e)])],
    // DBA 3.0 Troop Definitions: the mounted types, and the foot (armed civilians included).
    groups: { mounted: isMounted, foot: isFoot },
    // DBA 3.0 Rear support factors: one element behind, in `behind`.
    depth: { field: 'behind', max: 2, value: (n) => n },
  },
  variant,
  engagement: linesModel(dbaLineAdapter, {
    system: () => dbaSystem as never,
    lossName: 'elements lost (victory count)',
  }),
};

export default dbaSystem;
