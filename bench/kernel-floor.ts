/**
 * A yardstick for bench/engagement.ts: the floor of a bound of close combat in this language and layout.
 * It plays the first bench case (8x2 Reg Bd(O) mirror, DBM 3.2) with only the work every model of the
 * battle must do: each bound the owner's files renew contact, each combat's signature is read (whose
 * bound, overlaps from the free files beside it, who moved), the combats are ranked by the owner's edge
 * and fought in that order (a neighbour's outcome makes an entry stale), one draw and one table read a
 * combat, the outcome's change of file state (the kernel's own prepared transitions) and the break test.
 * Nothing else: no flank contacts, second lines, flight, geometry, approach, terrain, causes or tallies.
 * Its tables are the kernel's (prepared), so its combats have the same odds.
 *
 * It prints, medians of 7 runs timed alternately with the kernel on the same case in the same process:
 * ns per combat of each, each one's R (combats per second over bare PRNG draws per second, as
 * bench/engagement.ts), and the kernel's time per combat over the floor's.
 * Run: npx tsx bench/kernel-floor.ts [engagements per run]
 */
import './v8-flags.ts';
import { createRng } from '../src/core/rng.ts';
import { ENGAGEMENT_CASES } from './engagement-cases.ts';
import { prngRate } from './prng-rate.ts';
import type { AnySystem, RandomSource } from '../src/core/system.ts';
import { battleOf } from '../src/engine/lines/fight.ts';
import type { LinesModel } from '../src/engine/lines/index.ts';
import { FLEE, DESTROYED, OUTCOME_MASK, REAR_SHIFT, SIDE_BITS, SIDE_MASK } from '../src/engine/lines/pack.ts';
import { DROP, prepared, type Prepared } from '../src/engine/lines/prepare.ts';
import { rankByEdge } from '../src/engine/lines/rank.ts';
import { systemOfRules } from '../src/systems/registry.ts';

const samples = Number(process.argv[2] ?? 20_000);
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const dbm = systemOfRules('dbm-3.2') as AnySystem;
const model = dbm.engagement as LinesModel<unknown>;
const variant = dbm.variant({ version: 'dbm-3.2' });
const config = model.configure(ENGAGEMENT_CASES[0]!.block, variant);

/** The bare mechanics of the line-up's close combats (the module comment). */
class Floor {
  readonly W: number;
  combats = 0;
  private readonly state: Int32Array;
  /** Front template per side and column, -1 where none. */
  private readonly cur: Int32Array;
  /** Per side, columns padded by one each end: 1 where a file stands free (out of contact, in line). */
  private readonly free: Uint8Array;
  private readonly back: Uint8Array;
  private readonly moved: Uint8Array;
  private readonly contact: Uint8Array;
  private readonly order: Int32Array;
  private readonly pending: Int32Array;
  private readonly edge: Float64Array;
  private readonly stale: Uint8Array;
  private readonly lost = new Float64Array(2);
  /** Table numbers of each pair of templates and plain signature, -1 until asked. */
  private readonly ids: Int32Array;

  constructor(private readonly p: Prepared) {
    const W = (this.W = p.width);
    this.state = new Int32Array(2 * W);
    this.cur = new Int32Array(2 * W);
    this.free = new Uint8Array(2 * (W + 2));
    this.back = new Uint8Array(2 * W);
    this.moved = new Uint8Array(2 * W);
    this.contact = new Uint8Array(W);
    this.order = new Int32Array(W);
    this.pending = new Int32Array(W);
    this.edge = new Float64Array(W);
    this.stale = new Uint8Array(W);
    this.ids = new Int32Array(p.sides[0].templates * p.sides[1].templates * p.signatures.plain).fill(-1);
  }

  private entry(c: number, owner: number): number {
    const W = this.W;
    const st = this.p.signatures.strides;
    const fr = this.free;
    const ta = this.cur[c]!;
    const tb = this.cur[W + c]!;
    // Overlaps on A's front: B's free files beside it; on B's: A's.
    const oa = fr[W + 2 + c]! + fr[W + 4 + c]!;
    const ob = fr[c]! + fr[c + 2]!;
    const index =
      owner * st[0]! + oa * st[1]! + ob * st[2]! + this.moved[c]! * st[3]! + this.moved[W + c]! * st[4]!;
    const at = (ta * this.p.sides[1].templates + tb) * this.p.signatures.plain + index;
    let id = this.ids[at]!;
    if (id < 0) this.ids[at] = id = this.p.entry(ta, tb, index);
    return id;
  }

  private touch(c: number): void {
    const W = this.W;
    const out = this.contact[c] === 1;
    this.free[c + 1] = !out && this.cur[c]! >= 0 && this.back[c] === 0 ? 1 : 0;
    this.free[W + 3 + c] = !out && this.cur[W + c]! >= 0 && this.back[W + c] === 0 ? 1 : 0;
  }

  private setState(s: number, c: number, x: number): void {
    const side = this.p.sides[s]!;
    const empty = x < 0 || side.stOff[x + 1] === side.stOff[x];
    this.state[s * this.W + c] = empty ? -1 : x;
    this.cur[s * this.W + c] = empty ? -1 : side.stTmpl[x]!;
  }

  private lose(s: number, c: number, packed: number): void {
    const out = packed & OUTCOME_MASK;
    if (out === 0) return;
    const side = this.p.sides[s]!;
    const x = this.state[s * this.W + c]!;
    if (out === DESTROYED) {
      const n = Math.min(1 + ((packed >> REAR_SHIFT) & 3), side.stOff[x + 1]! - side.stOff[x]!);
      this.lost[s]! += n;
      this.setState(s, c, side.stDrop[x * DROP + n]!);
    } else if (out === FLEE) {
      this.lost[s]! += 1;
      this.setState(s, c, side.stFlee[x]!);
    } else this.setState(s, c, side.stRecoil[x]!);
    this.back[s * this.W + c] = 1;
  }

  run(rng: RandomSource, first: number, limit: number): void {
    const { W, cur, contact, back, moved, order, pending, edge, stale } = this;
    const { data, edges } = this.p.tables;
    const space = this.p.space;
    const total = this.p.sides[0].total + this.p.sides[1].total;
    for (let s = 0; s < 2; s++) {
      const side = this.p.sides[s]!;
      for (let c = 0; c < W; c++) {
        const f = side.fileAt[c]!;
        this.setState(s, c, f < 0 ? -1 : side.fileStart[f]!);
      }
    }
    for (let i = 0; i < 2 * W; i++) back[i] = 0;
    for (let c = 0; c < W; c++) {
      contact[c] = 0;
      this.touch(c);
    }
    this.lost[0] = this.lost[1] = 0;
    for (let bound = 1; bound <= limit; bound++) {
      const owner = bound % 2 === 1 ? first : 1 - first;
      for (let i = 0; i < 2 * W; i++) moved[i] = 0;
      for (let c = 0; c < W; c++)
        if (contact[c] === 0 && cur[c]! >= 0 && cur[W + c]! >= 0) {
          contact[c] = 1;
          moved[owner * W + c] = 1;
          back[c] = back[W + c] = 0;
          this.touch(c);
        }
      let n = 0;
      for (let i = 0; i < W; i++) {
        const c = bound % 2 === 1 ? i : W - 1 - i;
        if (contact[c] === 1) order[n++] = c;
      }
      for (let i = 0; i < n; i++) {
        const c = order[i]!;
        const e = this.entry(c, owner);
        pending[c] = e;
        edge[c] = edges[e]!;
        stale[c] = 0;
      }
      rankByEdge(order, n, edge);
      for (let i = 0; i < n; i++) {
        const c = order[i]!;
        if (contact[c] === 0) continue;
        const e = stale[c] === 1 ? this.entry(c, owner) : pending[c]!;
        const r = data[e * space + rng.int(space)]!;
        this.combats++;
        if ((r & OUTCOME_MASK) === 0 && ((r >> SIDE_BITS) & OUTCOME_MASK) === 0) continue;
        this.lose(0, c, r & SIDE_MASK);
        this.lose(1, c, r >> SIDE_BITS);
        contact[c] = 0;
        this.touch(c);
        if (c > 0) stale[c - 1] = 1;
        if (c + 1 < W) stale[c + 1] = 1;
      }
      // A third of either side's elements lost (the mirror's sides are equal).
      if (3 * Math.max(this.lost[0]!, this.lost[1]!) >= total / 2) return;
    }
  }
}

const p = prepared(config, model.adapter);
const floor = new Floor(p);
const battle = battleOf(p);
const limit = config.boundLimit;
const playFloor = (rng: RandomSource) => {
  for (let i = 0; i < samples; i++) floor.run(rng, i % 2, limit);
};
const playKernel = (rng: RandomSource) => model.kernel(config, rng, samples);
// Warm up both (and build every table they meet).
playFloor(createRng('warm-up', 0));
playKernel(createRng('warm-up', 0));
const ns = { floor: [] as number[], kernel: [] as number[] };
const r = { floor: [] as number[], kernel: [] as number[] };
const ratio: number[] = [];
const perEngagement = { floor: 0, kernel: 0 };
for (let run = 0; run < 7; run++) {
  const timed = (play: (rng: RandomSource) => unknown, count: () => number) => {
    const before = count();
    const t0 = performance.now();
    play(createRng('bench', run));
    const seconds = (performance.now() - t0) / 1000;
    const combats = count() - before;
    return { seconds, combats, prng: prngRate(Math.max(1_000_000, combats)) };
  };
  const f = timed(playFloor, () => floor.combats);
  const k = timed(playKernel, () => battle.combats + battle.shootings);
  ns.floor.push((f.seconds * 1e9) / f.combats);
  ns.kernel.push((k.seconds * 1e9) / k.combats);
  r.floor.push(f.combats / f.seconds / f.prng);
  r.kernel.push(k.combats / k.seconds / k.prng);
  ratio.push(k.seconds / k.combats / (f.seconds / f.combats));
  perEngagement.floor = f.combats / samples;
  perEngagement.kernel = k.combats / samples;
}
console.log(`kernel floor, 8x2 Reg Bd(O) mirror (median of 7 x ${samples}, alternating with the kernel)`);
console.log(
  `  floor:  ${median(ns.floor).toFixed(0)} ns per combat, R ${median(r.floor).toFixed(3)} (${perEngagement.floor.toFixed(1)} combats an engagement)`,
);
console.log(
  `  kernel: ${median(ns.kernel).toFixed(0)} ns per combat, R ${median(r.kernel).toFixed(3)} (${perEngagement.kernel.toFixed(1)} combats an engagement)`,
);
console.log(`  kernel / floor, time per combat: ${median(ratio).toFixed(2)}`);
