/**
 * Exact evaluation of a GBA resolution written as a small state machine whose steps roll named d10s.
 *
 * A GBA shock can roll up to ten dice (pre-shock checks, two-hex saving rolls, leader checks, the CRT, the
 * collapse checks), most of them only on some paths. Instead of visiting 10^k rolls, the machine is
 * unfolded once into a DAG whose nodes are distinct states (identical states reached by different rolls
 * are merged). Then:
 * - `walk` resolves one concrete roll of every declared die in a few array lookups (RuleSet.resolve), so
 *   core `enumerate` stays exact;
 * - `exactCounts` pushes exact integer weights (out of 10^k) through the DAG in topological order: the
 *   same counts `enumerate` would produce, in time proportional to the DAG, not to 10^k.
 */
import type { DieSpec } from '../../core/ruleset.ts';

/**
 * Something a resolution can do besides its outcome pair that a player wants the odds of (a breakthrough,
 * a leader casualty, a missile unit running low). A finished path carries a bitmask of the events that
 * happened on it; `bit` is this event's flag (a power of two) in that mask.
 */
export interface MachineEvent {
  readonly bit: number;
  readonly id: string;
  readonly label: string;
  readonly rule: string;
}

/** One step of the machine from a state. */
export type Step<S> =
  | { readonly kind: 'roll'; readonly role: string; readonly next: (dr: number) => S }
  | { readonly kind: 'go'; readonly next: S }
  | { readonly kind: 'done'; readonly a: number; readonly b: number; readonly events: number };

export interface Machine<S> {
  readonly start: S;
  /** The events this situation can produce (each with its bit in `done.events`), in report order. */
  readonly events: readonly MachineEvent[];
  step(state: S): Step<S>;
  key(state: S): string;
  /** Canonical order of roles, for the declared dice. */
  roleOrder(role: string): number;
  describeRole(role: string): string;
}

export type DagNode =
  | { readonly leaf: true; readonly a: number; readonly b: number; readonly events: number }
  | { readonly leaf: false; role: number; readonly roleName: string; readonly kids: DagNode[] };

export interface Dag {
  readonly roles: readonly string[];
  readonly dice: readonly DieSpec[];
  readonly events: readonly MachineEvent[];
  readonly root: DagNode;
  /** Nodes in topological order (parents before children). */
  readonly order: readonly DagNode[];
}

/** Largest number of dice whose 10^k weights stay exact in a double. */
export const MAX_EXACT_DICE = 15;

export function unfold<S>(m: Machine<S>): Dag {
  const memo = new Map<string, DagNode>();
  const post: DagNode[] = [];
  const roleSet = new Set<string>();
  const build = (start: S): DagNode => {
    let s = start;
    const chain: string[] = [];
    for (;;) {
      const k = m.key(s);
      const hit = memo.get(k);
      if (hit) {
        for (const c of chain) memo.set(c, hit);
        return hit;
      }
      const st = m.step(s);
      if (st.kind === 'go') {
        chain.push(k);
        s = st.next;
        continue;
      }
      let node: DagNode;
      if (st.kind === 'done') node = { leaf: true, a: st.a, b: st.b, events: st.events };
      else {
        roleSet.add(st.role);
        const kids: DagNode[] = [];
        node = { leaf: false, role: -1, roleName: st.role, kids };
        for (let dr = 0; dr < 10; dr++) kids.push(build(st.next(dr)));
      }
      memo.set(k, node);
      for (const c of chain) memo.set(c, node);
      post.push(node);
      return node;
    }
  };
  const root = build(m.start);
  const roles = [...roleSet].sort((x, y) => m.roleOrder(x) - m.roleOrder(y) || (x < y ? -1 : 1));
  const index = new Map(roles.map((r, i) => [r, i]));
  for (const n of post) if (!n.leaf) n.role = index.get(n.roleName) as number;
  return {
    roles,
    dice: roles.map((r) => ({ label: m.describeRole(r), sides: 10 })),
    events: m.events,
    root,
    order: post.reverse(),
  };
}

/** The leaf a concrete roll reaches. Dice are core DieSpec faces 1..10; face f reads as GBA DR f-1 (2.3). */
export function walk(dag: Dag, dice: readonly number[]): { a: number; b: number; events: number } {
  let n = dag.root;
  while (!n.leaf) n = n.kids[(dice[n.role] as number) - 1] as DagNode;
  return n;
}

/**
 * Exact counts per (a, b) outcome index pair out of 10^(number of dice), and per event (`events[i]`: how
 * many combinations of dice end on a path tagged with dag.events[i]).
 */
export function exactCounts(
  dag: Dag,
  outcomes: number,
): { space: number; counts: number[]; events: number[] } {
  if (dag.roles.length > MAX_EXACT_DICE) {
    throw new Error(`too many dice (${dag.roles.length}) for exact counts; at most ${MAX_EXACT_DICE}`);
  }
  const space = 10 ** dag.roles.length;
  const weight = new Map<DagNode, number>([[dag.root, space]]);
  const counts = new Array<number>(outcomes * outcomes).fill(0);
  const events = new Array<number>(dag.events.length).fill(0);
  for (const n of dag.order) {
    const w = weight.get(n);
    if (w === undefined) continue;
    if (n.leaf) {
      counts[n.a * outcomes + n.b] = (counts[n.a * outcomes + n.b] as number) + w;
      dag.events.forEach((e, i) => {
        if (n.events & e.bit) events[i] = (events[i] as number) + w;
      });
    } else for (const k of n.kids) weight.set(k, (weight.get(k) ?? 0) + w / 10);
  }
  return { space, counts, events };
}

/**
 * Every finished path's (a, b, events) with its exact count out of 10^(number of dice), merged: the joint
 * law of outcomes and event flags (the engagement model reads supply and pursuit flags from it).
 */
export function exactLeaves(dag: Dag): { a: number; b: number; events: number; count: number }[] {
  if (dag.roles.length > MAX_EXACT_DICE) {
    throw new Error(`too many dice (${dag.roles.length}) for exact counts; at most ${MAX_EXACT_DICE}`);
  }
  const weight = new Map<DagNode, number>([[dag.root, 10 ** dag.roles.length]]);
  const out = new Map<string, { a: number; b: number; events: number; count: number }>();
  for (const n of dag.order) {
    const w = weight.get(n);
    if (w === undefined) continue;
    if (n.leaf) {
      const k = `${n.a},${n.b},${n.events}`;
      const e = out.get(k);
      if (e) e.count += w;
      else out.set(k, { a: n.a, b: n.b, events: n.events, count: w });
    } else for (const k of n.kids) weight.set(k, (weight.get(k) ?? 0) + w / 10);
  }
  return [...out.values()];
}
