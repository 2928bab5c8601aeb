/**
 * DBM on the page: versions, outcome labels and the situation-file format of src/systems/dbm. No rule
 * logic here: validation is parseDbmSituation, odds are oddsReport over the `dbm` rule set.
 */
import { oddsReport } from '../../../engine/odds.ts';
import { dbm } from '../../../systems/dbm/index.ts';
import { parseDbmSituation, situationToInput } from '../../../systems/dbm/situation-input.ts';
import { DBM_VERSIONS, DBM_VERSION_IDS, type DbmVersionId } from '../../../systems/dbm/versions.ts';
import { settle } from '../settle.ts';
import type { SituationInput, WebRuleSet } from '../types.ts';
import { renderDbmForm } from './form.ts';

const isVersion = (v: string): v is DbmVersionId => (DBM_VERSION_IDS as readonly string[]).includes(v);

const minimal = (input: unknown): SituationInput =>
  situationToInput(parseDbmSituation(input)) as SituationInput;

export const dbmWeb: WebRuleSet = {
  id: 'dbm',
  name: 'DBM',
  versions: DBM_VERSION_IDS.map((id) => ({ id, name: DBM_VERSIONS[id].name })),
  // DBM 3.2 p.23 Combat Outcome: the four things that can happen to an element, worst first.
  outcomes: [
    { id: 'destroyed', label: 'destroyed', color: '#c2362f' },
    { id: 'flee', label: 'flees', atLeast: 'flees or worse', color: '#e8833a' },
    { id: 'recoil', label: 'recoils', atLeast: 'recoils or worse', color: '#e9c46a' },
    { id: 'none', label: 'unaffected', color: '#8fb39a' },
  ],
  defaultInput: (version) =>
    minimal({
      rules: isVersion(version) ? version : 'dbm-3.2',
      a: { element: 'Reg Bd(O)' },
      b: { element: 'Irr Kn(S)' },
    }),
  versionOf: (input) => parseDbmSituation(input).rules,
  withVersion: (input, version) => {
    if (!isVersion(version)) throw new Error(`"${version}" is not a DBM version`);
    return minimal({ ...input, rules: version });
  },
  normalise: minimal,
  report: (input) => oddsReport(dbm, parseDbmSituation(input)),
  renderForm: (host, input, onChange) =>
    renderDbmForm(host, parseDbmSituation(input), (s) => {
      const r = settle(minimal, situationToInput(s) as SituationInput);
      onChange(r.input ?? input, r.note);
    }),
};
