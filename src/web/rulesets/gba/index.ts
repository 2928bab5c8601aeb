/**
 * GBA 5e on the page: outcome labels and the situation-file format of src/systems/gba. No rule logic
 * here: validation is parseGbaSituation (with its legality checks), odds are oddsReport over the `gba`
 * rule set, which uses its own exact evaluation (RuleSet.exact).
 */
import { oddsReport } from '../../../engine/odds.ts';
import { gba, GBA_OUTCOMES, parseGbaSituation } from '../../../systems/gba/index.ts';
import { settle } from '../settle.ts';
import type { OutcomeView, SituationInput, WebRuleSet } from '../types.ts';
import { renderGbaForm } from './form.ts';
import { gbaToInput } from './input.ts';

const VERSION = 'gba-5';
const minimal = (input: unknown): SituationInput => gbaToInput(parseGbaSituation(input));

/** Dark red for a rout, then red and amber to green as the cohesion hits a side carries fall (10.1-10.2). */
const COLORS = [
  '#6e1d1a',
  '#a62c27',
  '#c2362f',
  '#cf4f33',
  '#db6836',
  '#e8833a',
  '#eba34f',
  '#e9c46a',
  '#c4c98a',
  '#8fb39a',
];

const OUTCOMES: OutcomeView[] = GBA_OUTCOMES.map((id, i) => {
  const color = COLORS[i] as string;
  if (id === 'rout') return { id, label: 'routs', color };
  const hits = Number(id.slice('hits:'.length));
  const label = hits === 1 ? '1 hit' : `${hits} hits`;
  return hits === 0 ? { id, label, color } : { id, label, atLeast: `${hits}+ hits or rout`, color };
});

export const gbaWeb: WebRuleSet = {
  id: 'gba',
  name: 'GBA',
  versions: [{ id: VERSION, name: 'GBA 5e' }],
  outcomes: OUTCOMES,
  // The Macedonian phalanx against hoplites of scenarios/situations/phalanx-v-hoplites.yaml, no leader.
  defaultInput: () =>
    minimal({
      rules: VERSION,
      mode: 'shock',
      a: { units: [{ type: 'PH', tq: 7, size: 10, moved: true }] },
      b: { units: [{ type: 'HI', class: 'HO', tq: 6, size: 8 }] },
    }),
  versionOf: () => VERSION,
  withVersion: (input, version) => {
    if (version !== VERSION) throw new Error(`"${version}" is not a GBA version`);
    return minimal(input);
  },
  normalise: minimal,
  report: (input) => oddsReport(gba, parseGbaSituation(input)),
  renderForm: (host, input, onChange) =>
    renderGbaForm(host, parseGbaSituation(input), (s) => {
      const r = settle(minimal, gbaToInput(s));
      onChange(r.input ?? input, r.note);
    }),
};
