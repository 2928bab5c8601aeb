/**
 * The Great Battles of Alexander (5th edition) as one SystemModule (core/system.ts): the only thing code
 * outside this folder imports from it. Units are counters with ratings rather than a catalogue of named
 * elements, and there are no points: GBA has odds, charts a user may replace (9.5), and the
 * repeated-shock engagement model.
 */
import { InputError } from '../../core/errors.ts';
import type { OutcomeInfo, SystemModule, Variant, VariantSpec } from '../../core/system.ts';
import { DEFAULT_GBA_CHARTS, loadGbaCharts, type GbaCharts } from './charts.ts';
import { gbaEngagementModel } from './engagement/index.ts';
import { GBA_OUTCOMES, type GbaOutcome } from './outcomes.ts';
import {
  gbaCombatSchema,
  gbaSideSchema,
  gbaSituationSchema,
  gbaToInput,
  parseGbaSituation,
} from './parse.ts';
import { gbaRules } from './ruleset.ts';
import type { GbaSituation } from './situation.ts';

const VERSION = 'gba-5';
const NAME = 'GBA 5th edition';

/**
 * Dark red for a rout, then red, orange and yellow to green as the cohesion hits a side carries fall
 * (10.1-10.2). Neighbours differ by at least 17 in CIE76 colour distance, so adjacent hit counts are
 * told apart in a stacked bar (test/web/players.test.ts).
 */
const COLORS = [
  '#4a0d12',
  '#8c1a1f',
  '#c62828',
  '#e8552c',
  '#f28e2b',
  '#f7b84b',
  '#e9d96a',
  '#c6dc8a',
  '#9cc79a',
  '#5f9a86',
];

const OUTCOMES: OutcomeInfo<GbaOutcome>[] = GBA_OUTCOMES.map((id, i) => {
  const color = COLORS[i]!;
  // A rout takes the unit out of the fight; hits are not losses (balance studies do not apply to GBA).
  if (id === 'rout') return { id, label: 'routs', color, loss: 1, effect: true };
  const hits = Number(id.slice('hits:'.length));
  const label = hits === 1 ? '1 hit' : `${hits} hits`;
  return hits === 0
    ? { id, label, color, loss: 0, effect: false }
    : { id, label, atLeast: `${hits}+ hits or rout`, color, loss: 0, effect: true };
});

/** Rule sets per chart set: a variant is asked for often (every study, every worker shard). */
const rulesByCharts = new Map<string, ReturnType<typeof gbaRules>>();

function variant(spec: VariantSpec): Variant<GbaSituation, GbaOutcome, never> {
  if (spec.version !== VERSION)
    throw new InputError(`"${spec.version}" is not a GBA version (${VERSION})`, { path: ['version'] });
  if (spec.costs && Object.keys(spec.costs).length > 0)
    throw new InputError('GBA has no points: cost overrides do not apply', { path: ['costs'] });
  if (spec.rules && Object.keys(spec.rules).length > 0)
    throw new InputError('GBA has no rule switches to override; replace its charts instead', {
      path: ['rules'],
    });
  const charts = (spec.charts as GbaCharts | undefined) ?? DEFAULT_GBA_CHARTS;
  const key = JSON.stringify(charts);
  let ruleset = rulesByCharts.get(key);
  if (!ruleset) {
    ruleset = gbaRules(charts);
    rulesByCharts.set(key, ruleset);
  }
  return {
    spec,
    name: charts === DEFAULT_GBA_CHARTS ? NAME : `${NAME}, charts "${charts.id}"`,
    ruleset,
    parseSituation: (input) => parseGbaSituation(input, charts),
  };
}

const gbaSystem: SystemModule<GbaSituation, GbaOutcome, never> = {
  id: 'gba',
  name: 'GBA',
  source: import.meta.url,
  versions: [{ id: VERSION, name: NAME }],
  outcomes: OUTCOMES,
  situation: {
    schema: gbaSituationSchema,
    side: gbaSideSchema,
    combat: gbaCombatSchema,
    defaults: { mode: 'shock' },
    toInput: gbaToInput,
    example: () => ({
      rules: VERSION,
      mode: 'shock',
      a: { units: [{ name: 'Phalanx', type: 'PH', tq: 7, size: 10, moved: true }] },
      b: { units: [{ name: 'Hoplites', type: 'HI', class: 'HO', tq: 6, size: 8 }] },
    }),
    modeName: (s) =>
      s.mode === 'shock' ? 'shock' : s.mode === 'missile' ? 'missile fire' : 'Harassment & Dispersal',
  },
  // GBA 5e 9.5: the charts a user may replace with their own card, validated here.
  charts: { load: loadGbaCharts },
  variant,
  engagement: gbaEngagementModel as never,
};

export default gbaSystem;
