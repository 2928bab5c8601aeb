/**
 * The rule sets the page offers: every registered rule system, each through the one generic module
 * (from-system.ts). Adding a rule system to the registry adds it here.
 */
import { allSystems } from '../../systems/registry.ts';
import { webRuleSet } from './from-system.ts';
import type { WebRuleSet } from './types.ts';

export const WEB_RULE_SETS: readonly WebRuleSet[] = allSystems().map(webRuleSet);

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
