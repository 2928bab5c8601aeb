/** The rule sets the page offers. Add a rule set: write its module (see dbm/) and list it here. */
import { bnbWeb } from './bnb/index.ts';
import { dbaWeb } from './dba/index.ts';
import { dbmWeb } from './dbm/index.ts';
import { gbaWeb } from './gba/index.ts';
import type { WebRuleSet } from './types.ts';

export const WEB_RULE_SETS: readonly WebRuleSet[] = [dbmWeb, dbaWeb, bnbWeb, gbaWeb];

export function ruleSetById(id: string): WebRuleSet | undefined {
  return WEB_RULE_SETS.find((r) => r.id === id);
}

/** The rule set a situation-file object is written for, read from its `rules` field (default: the first). */
export function ruleSetOf(input: unknown): WebRuleSet {
  const rules =
    typeof input === 'object' && input !== null ? (input as { rules?: unknown }).rules : undefined;
  const found =
    typeof rules === 'string' ? WEB_RULE_SETS.find((r) => r.versions.some((v) => v.id === rules)) : undefined;
  if (found) return found;
  if (typeof rules === 'string') throw new Error(`unknown rules "${rules}"`);
  return WEB_RULE_SETS[0] as WebRuleSet;
}
