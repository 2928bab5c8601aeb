/**
 * Shock combat resolution (GBA 5e 9.12-9.18, 10.13-10.15) as a state machine over named d10 rolls:
 * pre-shock checks (9.13) and their two-hex saving rolls, leader casualty checks (9.14), the Shock CRT roll
 * (9.15-9.16), breakthrough (9.17) and the collapse (9.18). machine.ts unfolds it for exact odds;
 * shock-report.ts runs it on given rolls.
 */
import { isLeaderCasualty, type LeaderState } from './leaders.ts';
import type { Machine, MachineEvent, Step } from './machine.ts';
import { hasSavingRoll, preShockHits, savingRollStands, type PreShockCheck } from './preshock.ts';
import { finalHits, inEnemyZoc, settleRouts, sideOutcomeIndex } from './shock-collapse.ts';
import { crtStage } from './shock-crt.ts';
import { fireHits, supplyAfterFire, supplyCanDrop } from './fire.ts';
import {
  entrySupplyBit,
  type EntryFire,
  allRouted,
  isAttacker,
  make,
  PASSED,
  Phase,
  ROUTED,
  SAVE2_DUE,
  SAVE_DUE,
  set,
  SHOCK_EVENT,
  STANDING,
  tag,
  unit,
  with1,
  type CompiledShock,
  type ShockState,
} from './shock-state.ts';

export { compileShock } from './shock-state.ts';

/** One step of the shock machine. Units that need no roll in a phase are skipped within the step. */
export function shockStep(c: CompiledShock, s: ShockState): Step<ShockState> {
  const n = c.units.length;
  switch (s.ph) {
    case Phase.Entry: {
      // 8.21: each defender's Entry Reaction Fire at the attacker that moved in; its effects are
      // immediate, so an attacker whose hits reach its TQ routs at once (10.14), before any pre-shock check.
      let k = s.i;
      while (k < c.entry.length && s.st[(c.entry[k] as EntryFire).at] === ROUTED) k++;
      if (k >= c.entry.length)
        return { kind: 'go', next: set(s, allRouted(c, s.st, 'a') ? Phase.Pursuit : Phase.Pre, 0) };
      const e = c.entry[k] as EntryFire;
      const u = unit(c, e.at);
      return {
        kind: 'roll',
        role: `entry:${tag(c, e.from)}`,
        next: (dr) => {
          const hits = (s.h[e.at] as number) + (fireHits(e.c, dr) ? e.c.hitsPerSuccess : 0);
          const st = hits >= u.tq ? with1(s.st, e.at, ROUTED) : (s.st as number[]);
          const ev =
            supplyAfterFire(e.c, dr) === e.c.firer.supply ? s.ev : s.ev | entrySupplyBit(e.from - c.na);
          const check = dr === 0 && c.entryLeaderCheck && s.leader[0] === 'ok';
          return make(
            s,
            check ? Phase.EntryLeader : Phase.Entry,
            check ? k : k + 1,
            with1(s.h, e.at, hits),
            st,
            s.leader,
            s.z,
            ev,
          );
        },
      };
    }
    case Phase.EntryLeader: {
      const e = c.entry[s.i] as EntryFire;
      return {
        kind: 'roll',
        role: `entryleader:${tag(c, e.from)}`,
        next: (dr) =>
          isLeaderCasualty(dr)
            ? make(
                s,
                Phase.Entry,
                s.i + 1,
                s.h,
                s.st,
                ['casualty', s.leader[1]],
                s.z,
                s.ev | SHOCK_EVENT.entryLeaderA,
              )
            : make(s, Phase.Entry, s.i + 1, s.h, s.st),
      };
    }
    case Phase.Pre: {
      let j = s.i;
      while (j < n && (!c.pre[j] || s.st[j] === ROUTED)) j++;
      if (j >= n) return { kind: 'go', next: set(s, Phase.PreSettle, 0) };
      const chk = c.pre[j] as PreShockCheck;
      const u = unit(c, j);
      return {
        kind: 'roll',
        role: `pre:${tag(c, j)}`,
        next: (dr) =>
          set(s, Phase.Pre, j + 1, with1(s.h, j, (s.h[j] as number) + preShockHits(dr, chk.drm, u.tq))),
      };
    }
    case Phase.PreSettle: {
      const h = [...s.h];
      const st = [...s.st];
      settleRouts(c, h, st);
      return { kind: 'go', next: set(s, Phase.PreSave, 0, h, st) };
    }
    case Phase.PreSave:
    case Phase.CollapseSave: {
      const collapse = s.ph === Phase.CollapseSave;
      const after = collapse ? Phase.ZocSetup : Phase.PreEnd;
      let st = s.st;
      let j = s.i;
      for (; j < n; j++) {
        if (st[j] !== SAVE_DUE) continue;
        // 9.18[1]: no saving roll for a defender when the attacker has Position Superiority.
        if (collapse && !isAttacker(c, j) && c.sup.position) st = with1(st, j, ROUTED);
        else break;
      }
      if (j >= n) return { kind: 'go', next: set(s, after, 0, undefined, st as number[]) };
      const u = unit(c, j);
      const att = isAttacker(c, j);
      const stood = collapse ? PASSED : STANDING;
      const base = st;
      return {
        kind: 'roll',
        role: `${collapse ? 'collapse' : 'prestand'}:${tag(c, j)}`,
        next: (dr) =>
          savingRollStands(dr, s.h[j] as number, u.tq, att)
            ? set(s, s.ph, j + 1, with1(s.h, j, u.tq - 1), with1(base, j, stood))
            : set(s, s.ph, j + 1, undefined, with1(base, j, ROUTED)),
      };
    }
    case Phase.PreEnd:
      return {
        kind: 'go',
        next: set(s, allRouted(c, s.st, 'a') || allRouted(c, s.st, 'b') ? Phase.Pursuit : Phase.Leaders, 0),
      };
    case Phase.Leaders: {
      let k = s.i;
      // A leader already a casualty of the entry fire (8.19) has no Charisma left to lose.
      while (k < 2 && (!c.leaderCheck[k] || s.leader[k] !== 'ok')) k++;
      if (k >= 2) return { kind: 'go', next: set(s, Phase.Crt, 0) };
      const who = k as 0 | 1;
      return {
        kind: 'roll',
        role: `leader:${who === 0 ? 'a' : 'b'}`,
        next: (dr) => {
          const leader: [LeaderState, LeaderState] = [s.leader[0], s.leader[1]];
          let ev = s.ev;
          if (isLeaderCasualty(dr)) {
            leader[who] = 'casualty';
            ev |= who === 0 ? SHOCK_EVENT.leaderCasualtyA : SHOCK_EVENT.leaderCasualtyB;
          }
          return make(s, Phase.Leaders, who + 1, s.h, s.st, leader, s.z, ev);
        },
      };
    }
    case Phase.Crt:
      return { kind: 'roll', role: 'crt', next: (dr) => crtStage(c, s, dr).next };
    case Phase.ZocSetup: {
      let z = 0;
      for (let j = 0; j < n; j++) {
        if (s.st[j] === STANDING && s.h[j] === unit(c, j).tq - 1 && inEnemyZoc(c, s.st, j)) z |= 1 << j;
      }
      return { kind: 'go', next: make(s, Phase.ZocCheck, 0, s.h, s.st, s.leader, z) };
    }
    case Phase.ZocCheck: {
      let j = s.i;
      while (j < n && !(s.z & (1 << j))) j++;
      if (j >= n) return { kind: 'go', next: make(s, Phase.ZocSave, 0, s.h, s.st, s.leader, 0) };
      const u = unit(c, j);
      return {
        kind: 'roll',
        role: `collapse:${tag(c, j)}`,
        next: (dr) => {
          if (dr <= u.tq) return set(s, Phase.ZocCheck, j + 1, with1(s.h, j, (s.h[j] as number) - 1));
          return set(
            s,
            Phase.ZocCheck,
            j + 1,
            undefined,
            with1(s.st, j, hasSavingRoll(u) ? SAVE2_DUE : ROUTED),
          );
        },
      };
    }
    case Phase.ZocSave: {
      let st = s.st;
      let j = s.i;
      for (; j < n; j++) {
        if (st[j] !== SAVE2_DUE) continue;
        if (!isAttacker(c, j) && c.sup.position) st = with1(st, j, ROUTED);
        else break;
      }
      if (j >= n) return { kind: 'go', next: set(s, Phase.Pursuit, 0, undefined, st as number[]) };
      const u = unit(c, j);
      const att = isAttacker(c, j);
      const base = st;
      return {
        kind: 'roll',
        role: `collapse2:${tag(c, j)}`,
        next: (dr) =>
          set(
            s,
            Phase.ZocSave,
            j + 1,
            undefined,
            with1(base, j, savingRollStands(dr, s.h[j] as number, u.tq, att) ? STANDING : ROUTED),
          ),
      };
    }
    case Phase.Pursuit: {
      // 9.4: when every defender has routed and one of them rout-moves (SK, CH and AT routing are
      // eliminated, an EL rampages: 10.2), each cavalry attacker in Charge Formation that moved and stands
      // pursues on DR + 2 > TQ instead of advancing (z: the pursuers).
      if (s.i === 0 && !pursuitDue(c, s.st)) return { kind: 'go', next: set(s, Phase.Final, 0) };
      let k = s.i;
      while (k < c.pursuers.length && s.st[c.pursuers[k] as number] === ROUTED) k++;
      if (k >= c.pursuers.length) return { kind: 'go', next: set(s, Phase.Final, 0) };
      const j = c.pursuers[k] as number;
      return {
        kind: 'roll',
        role: `pursuit:${tag(c, j)}`,
        next: (dr) =>
          pursues(dr, unit(c, j).tq)
            ? make(s, Phase.Pursuit, k + 1, s.h, s.st, s.leader, s.z | (1 << j), s.ev | SHOCK_EVENT.pursuitA)
            : make(s, Phase.Pursuit, k + 1, s.h, s.st),
      };
    }
    case Phase.Final: {
      const f = finalHits(c, s);
      return {
        kind: 'done',
        a: sideOutcomeIndex(c, s.st, f, 'a'),
        b: sideOutcomeIndex(c, s.st, f, 'b'),
        events: s.ev,
      };
    }
  }
}

/** 9.41: a cavalry unit pursues when its DR + 2 is above its TQ. */
const pursues = (dr: number, tq: number): boolean => dr + 2 > tq;

/** 9.41: the shock routed every defender, and one of them rout-moves (10.2), so there is someone to chase. */
function pursuitDue(c: CompiledShock, st: readonly number[]): boolean {
  if (c.pursuers.length === 0 || !allRouted(c, st, 'b')) return false;
  return c.ib.some((j) => !['SK', 'CH', 'AT', 'EL'].includes(unit(c, j).type));
}

const ROLE_ORDER = [
  'entry',
  'entryleader',
  'pre',
  'prestand',
  'leader',
  'crt',
  'collapse',
  'collapse2',
  'pursuit',
];

const LEADER_CODE: Readonly<Record<LeaderState, number>> = { ok: 0, casualty: 1, killed: 2 };

/**
 * The merging key of a state, one character per field (a large shock builds hundreds of thousands):
 * phase, index, ZOC mask, events, leaders (only up to the CRT roll), then per unit its status and hits
 * (a routed unit's hits do not matter).
 */
function shockKey(s: ShockState): string {
  const leaders = s.ph <= Phase.Crt ? 1 + LEADER_CODE[s.leader[0]] * 3 + LEADER_CODE[s.leader[1]] : 0;
  let k = String.fromCharCode(s.ph, s.i, s.z, s.ev, leaders);
  for (let j = 0; j < s.st.length; j++) {
    const st = s.st[j] as number;
    k += String.fromCharCode(st === ROUTED ? 0xffff : st * 256 + (s.h[j] as number));
  }
  return k;
}

/** The events a shock reports: breakthrough against each side, and a leader casualty where one is checked. */
function shockEvents(c: CompiledShock): MachineEvent[] {
  const out: MachineEvent[] = [
    {
      bit: SHOCK_EVENT.breakthroughA,
      id: 'breakthrough:a',
      label: 'Breakthrough against A: an attacking unit takes +2 hits',
      rule: 'GBA 9.17',
    },
    {
      bit: SHOCK_EVENT.breakthroughB,
      id: 'breakthrough:b',
      label: 'Breakthrough against B: a defending unit takes +2 hits',
      rule: 'GBA 9.17',
    },
  ];
  if (c.leaderCheck[0]) {
    out.push({
      bit: SHOCK_EVENT.leaderCasualtyA,
      id: 'leader-casualty:a',
      label: "A's leader is a casualty (his Charisma is lost for this shock)",
      rule: 'GBA 9.14',
    });
  }
  if (c.leaderCheck[1]) {
    out.push({
      bit: SHOCK_EVENT.leaderCasualtyB,
      id: 'leader-casualty:b',
      label: "B's leader is a casualty (his Charisma is lost for this shock)",
      rule: 'GBA 9.14',
    });
  }
  if (c.entryLeaderCheck)
    out.push({
      bit: SHOCK_EVENT.entryLeaderA,
      id: 'leader-casualty-entry:a',
      label: "A's leader is hit by the Entry Reaction Fire (his Charisma is lost for this shock)",
      rule: 'GBA 8.19',
    });
  for (const e of c.entry) {
    const k = e.from - c.na;
    if (!supplyCanDrop(e.c)) continue;
    const no = e.c.firer.supply === 'low';
    out.push({
      bit: entrySupplyBit(k),
      id: `${no ? 'missile-no' : 'missile-low'}:b${k}`,
      label: `B's unit ${k} ${no ? 'fires its last missiles' : 'goes Missile Low'} with its Entry Reaction Fire`,
      rule: 'GBA 8.17',
    });
  }
  if (c.pursuers.length > 0)
    out.push({
      bit: SHOCK_EVENT.pursuitA,
      id: 'pursuit:a',
      label: 'A cavalry unit of A pursues the routed defender instead of advancing',
      rule: 'GBA 9.4',
    });
  return out;
}

export function shockMachine(c: CompiledShock): Machine<ShockState> {
  return {
    start: {
      ph: Phase.Entry,
      i: 0,
      h: c.units.map((u) => u.hits),
      st: c.units.map(() => STANDING),
      leader: ['ok', 'ok'],
      z: 0,
      ev: 0,
    },
    events: shockEvents(c),
    step: (s) => shockStep(c, s),
    // Merging key: a routed unit's hits and the leaders' state after the CRT roll cannot change the rest
    // of the resolution, so states differing only there share a DAG node. The event flags stay in the
    // key: they change no roll but they are part of what the finished path reports.
    key: shockKey,
    roleOrder: (role) => {
      const [kind = '', who = ''] = role.split(':');
      return ROLE_ORDER.indexOf(kind) * 1000 + (who.startsWith('b') ? 100 : 0) + Number(who.slice(1) || 0);
    },
    describeRole: (role) => describeShockRole(c, role),
  };
}

function describeShockRole(c: CompiledShock, role: string): string {
  const [kind = '', who = ''] = role.split(':');
  const name = (w: string): string => {
    const side = w[0] === 'a' ? c.s.a : c.s.b;
    const k = Number(w.slice(1));
    const u = side.units[k];
    return u ? `${w[0]}${k} ${u.name ?? u.type}` : w;
  };
  switch (kind) {
    case 'entry':
      return `Entry Reaction Fire by ${name(who)} (8.21)`;
    case 'entryleader':
      return `leader casualty check from the entry fire of ${name(who)} (8.19)`;
    case 'pursuit':
      return `cavalry pursuit ${name(who)} (9.4)`;
    case 'pre':
      return `pre-shock TQ check ${name(who)} (9.13)`;
    case 'prestand':
      return `two-hex saving roll after pre-shock ${name(who)} (9.13)`;
    case 'leader':
      return `leader casualty check ${who} (9.14)`;
    case 'crt':
      return 'Shock CRT (9.16)';
    case 'collapse':
      return `collapse check ${name(who)} (9.18)`;
    default:
      return `two-hex saving roll after 9.18[2] ${name(who)}`;
  }
}
