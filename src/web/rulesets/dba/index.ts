/**
 * DBA 3.0 on the page: outcome labels and the situation-file format of src/systems/dba. No rule logic
 * here: validation is parseDbaSituation, odds are oddsReport over the `dba` rule set.
 */
import { oddsReport } from '../../../engine/odds.ts';
import { dba, parseDbaSituation } from '../../../systems/dba/index.ts';
import { settle } from '../settle.ts';
import type { SituationInput, WebRuleSet } from '../types.ts';
import { renderDbaForm } from './form.ts';
import { dbaToInput } from './input.ts';

const VERSION = 'dba-3.0';
const minimal = (input: unknown): SituationInput => dbaToInput(parseDbaSituation(input));

export const dbaWeb: WebRuleSet = {
  id: 'dba',
  name: 'DBA',
  versions: [{ id: VERSION, name: 'DBA 3.0' }],
  // DBA 3.0 Combat outcome: destroyed, flees, recoils or no effect, worst first.
  outcomes: [
    { id: 'destroyed', label: 'destroyed', color: '#c2362f' },
    { id: 'flee', label: 'flees', atLeast: 'flees or worse', color: '#e8833a' },
    { id: 'recoil', label: 'recoils', atLeast: 'recoils or worse', color: '#e9c46a' },
    { id: 'none', label: 'no effect', color: '#8fb39a' },
  ],
  defaultInput: () => minimal({ rules: VERSION, a: { element: '4Bd' }, b: { element: '3Kn' } }),
  versionOf: () => VERSION,
  withVersion: (input, version) => {
    if (version !== VERSION) throw new Error(`"${version}" is not a DBA version`);
    return minimal(input);
  },
  normalise: minimal,
  report: (input) => oddsReport(dba, parseDbaSituation(input)),
  renderForm: (host, input, onChange) =>
    renderDbaForm(host, parseDbaSituation(input), (s) => {
      const r = settle(minimal, dbaToInput(s));
      onChange(r.input ?? input, r.note);
    }),
};
