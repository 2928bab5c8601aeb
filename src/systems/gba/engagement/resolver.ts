/**
 * One shock (GBA 5e 9.12-9.18) resolved on dice drawn as the resolution reads them, fast enough to be
 * played hundreds of thousands of times. It runs the rule set's own shock machine (rules/gba/shock.ts,
 * the steps `resolveShockDetailed` runs) and memoises it lazily: a node per distinct machine state, with
 * one child per DR, built the first time a roll reaches it (the same state merging `gbaDag` uses, so a
 * routed unit's hits and the leaders' state after the CRT roll do not split nodes; the event flags do). The result of a
 * resolution is exactly that of `resolveShockDetailed` on the same rolls (test/systems/gba/engagement checks it).
 */
import { DEFAULT_GBA_CHARTS, type GbaCharts } from '../charts.ts';
import type { GbaShockSituation } from '../situation.ts';
import type { Machine } from '../machine.ts';
import { finalHits } from '../shock-collapse.ts';
import { compileShock, ROUTED, type CompiledShock, type ShockState } from '../shock-state.ts';
import { shockMachine } from '../shock.ts';

/** A unit after one shock: routed (hits then 0, it is out), or standing with its hits (advance included). */
interface UnitRoundEnd {
  readonly routed: boolean;
  readonly hits: number;
}

/** One shock's end: each unit's state, and the SHOCK_EVENT flags of what happened (breakthroughs, leaders). */
interface ShockRoundEnd {
  readonly units: readonly UnitRoundEnd[];
  readonly events: number;
}

type Node =
  | ({ readonly leaf: true } & ShockRoundEnd)
  | {
      readonly leaf: false;
      readonly role: string;
      readonly next: (dr: number) => ShockState;
      readonly kids: (Node | undefined)[];
    };

export class ShockResolver {
  private readonly c: CompiledShock;
  private readonly m: Machine<ShockState>;
  private readonly memo = new Map<string, Node>();
  private readonly root: Node;

  /** Throws InputError if the situation is not a legal shock. */
  constructor(situation: GbaShockSituation, charts: GbaCharts = DEFAULT_GBA_CHARTS) {
    this.c = compileShock(situation, charts);
    this.m = shockMachine(this.c);
    this.root = this.settle(this.m.start);
  }

  /** Follows the machine's steps that read no die, to the next roll or the end. */
  private settle(start: ShockState): Node {
    let s = start;
    const chain: string[] = [];
    for (;;) {
      const k = this.m.key(s);
      const hit = this.memo.get(k);
      if (hit) {
        for (const x of chain) this.memo.set(x, hit);
        return hit;
      }
      const step = this.m.step(s);
      if (step.kind === 'go') {
        chain.push(k);
        s = step.next;
        continue;
      }
      const node: Node =
        step.kind === 'done'
          ? { leaf: true, units: this.ends(s), events: step.events }
          : { leaf: false, role: step.role, next: step.next, kids: new Array<Node | undefined>(10) };
      this.memo.set(k, node);
      for (const x of chain) this.memo.set(x, node);
      return node;
    }
  }

  /** Each unit's end: routed, or its hits after the advance (9.31, as resolveShockDetailed's finalHits). */
  private ends(s: ShockState): UnitRoundEnd[] {
    const f = finalHits(this.c, s);
    return s.st.map((x, j) =>
      x === ROUTED ? { routed: true, hits: 0 } : { routed: false, hits: f[j] as number },
    );
  }

  /**
   * Resolves one shock. `draw(role)` is called once for each die the resolution reads, in the order it
   * reads them, and must return a GBA DR 0-9. Units are attackers then defenders, in the situation's order.
   */
  resolve(draw: (role: string) => number): ShockRoundEnd {
    let n = this.root;
    while (!n.leaf) {
      const dr = draw(n.role);
      n = n.kids[dr] ??= this.settle(n.next(dr));
    }
    return n;
  }
}
