/**
 * B&B 0.7 under a scenario's house rules: replaced costs of Table 5.4 (B&B has no rule switches to
 * override). The cost table of a spec is memoised: engagement kernels ask for it once per config.
 */
import { InputError } from '../../core/errors.ts';
import type { VariantSpec } from '../../core/system.ts';
import { overrideBnbCosts, type BnbCostTable } from './costs.ts';
import { parseBnbElement } from './notation.ts';
import { BNB_RULES_ID } from './situation.ts';

const memo = new Map<string, BnbCostTable | undefined>();

/** The cost table of a variant spec: Table 5.4, or a copy with the spec's costs replaced. */
export function costTableOf(spec: VariantSpec): BnbCostTable | undefined {
  if (spec.version !== BNB_RULES_ID)
    throw new InputError(`"${spec.version}" is not a Blood and Blades version (${BNB_RULES_ID})`, {
      path: ['version'],
    });
  if (spec.rules && Object.keys(spec.rules).length > 0)
    throw new InputError('Blood and Blades 0.7 has no rule switches to override', { path: ['rules'] });
  const costs = spec.costs ?? {};
  const key = JSON.stringify(costs);
  if (memo.has(key)) return memo.get(key);
  const entries = Object.entries(costs).map(([text, cost]) => {
    let element;
    try {
      element = parseBnbElement(text);
    } catch (e) {
      throw (e as InputError).within(['costs', text]);
    }
    if (!Number.isFinite(cost) || cost < 0)
      throw new InputError('a cost must be a number >= 0', { path: ['costs', text] });
    return { element, cost };
  });
  const table = entries.length > 0 ? overrideBnbCosts(entries) : undefined;
  memo.set(key, table);
  return table;
}
