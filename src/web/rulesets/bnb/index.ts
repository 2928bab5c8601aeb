/**
 * Blood and Blades 0.7 on the page: outcome labels and the situation-file format of src/systems/bnb. No
 * rule logic here: validation is parseBnbSituation, odds are oddsReport over the `bnb` rule set.
 */
import { oddsReport } from '../../../engine/odds.ts';
import { bnb, BNB_RULES_ID, parseBnbSituation } from '../../../systems/bnb/index.ts';
import { settle } from '../settle.ts';
import type { SituationInput, WebRuleSet } from '../types.ts';
import { renderBnbForm } from './form.ts';
import { bnbToInput } from './input.ts';

const minimal = (input: unknown): SituationInput => bnbToInput(parseBnbSituation(input));

export const bnbWeb: WebRuleSet = {
  id: 'bnb',
  name: 'Blood and Blades',
  versions: [{ id: BNB_RULES_ID, name: 'B&B 0.7' }],
  // B&B 0.7 ch.7 Tables 7.2-7.4, worst first (docs/rulings.md, Blood and Blades "Outcome order").
  outcomes: [
    { id: 'destroyed', label: 'destroyed', color: '#c2362f' },
    { id: 'spent', label: 'spent', atLeast: 'spent or worse', color: '#d4603a' },
    { id: 'flee', label: 'flees', atLeast: 'flees or worse', color: '#eb9a4c' },
    { id: 'recoil', label: 'recoils', atLeast: 'recoils or worse', color: '#e9c46a' },
    { id: 'none', label: 'no effect', color: '#8fb39a' },
  ],
  defaultInput: () =>
    minimal({
      rules: BNB_RULES_ID,
      mode: 'close',
      bound: 'a',
      a: { element: 'Reg Bd(O)' },
      b: { element: 'Reg Cv(O)' },
    }),
  versionOf: () => BNB_RULES_ID,
  withVersion: (input, version) => {
    if (version !== BNB_RULES_ID) throw new Error(`"${version}" is not a Blood and Blades version`);
    return minimal(input);
  },
  normalise: minimal,
  report: (input) => oddsReport(bnb, parseBnbSituation(input)),
  renderForm: (host, input, onChange) =>
    renderBnbForm(host, parseBnbSituation(input), (s) => {
      const r = settle(minimal, bnbToInput(s));
      onChange(r.input ?? input, r.note);
    }),
};
