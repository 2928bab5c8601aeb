/** One shock resolved on explicit rolls, with every intermediate number (for tests and engagements). */
import type { JointOutcome } from '../../core/ruleset.ts';
import { DEFAULT_GBA_CHARTS, type GbaCharts } from './charts.ts';
import type { LeaderState } from './leaders.ts';
import { GBA_OUTCOMES, type GbaOutcome } from './outcomes.ts';
import { preShockHits } from './preshock.ts';
import { shockMachine, shockStep } from './shock.ts';
import { finalHits } from './shock-collapse.ts';
import { crtStage } from './shock-crt.ts';
import { compileShock, isAttacker, Phase, ROUTED, type CrtStage, type ShockState } from './shock-state.ts';
import type { GbaShockSituation } from './situation.ts';
import type { SuperiorityResult } from './superiority.ts';

interface ShockUnitReport {
  readonly side: 'a' | 'b';
  readonly index: number;
  readonly name: string;
  readonly tq: number;
  readonly startHits: number;
  /** Pre-shock check: DR, DRM and hits it gave; undefined when the unit took none. */
  readonly preShock?: { readonly dr: number; readonly drm: number; readonly hits: number } | undefined;
  /** Hits after the pre-shock step (saving roll included) and whether it routed there. */
  readonly afterPreShock: number;
  readonly routedInPreShock: boolean;
  /** Hits from the CRT share (10.13) and breakthrough (9.17); undefined if no shock was fought. */
  readonly crtHits?: number | undefined;
  readonly breakthrough: boolean;
  readonly finalHits: number;
  readonly routed: boolean;
}

interface ShockReport {
  /** The rolls the resolution read, by role (e.g. 'pre:a0', 'crt', 'collapse:b1'), GBA DR 0-9. */
  readonly used: Readonly<Record<string, number>>;
  /** Every attacker or every defender routed in the pre-shock step: no shock was fought. */
  readonly preShockEnded: boolean;
  readonly personalCombat: boolean;
  readonly leaders: readonly [LeaderState, LeaderState];
  readonly superiority: SuperiorityResult;
  readonly crt?: CrtStage | undefined;
  readonly units: readonly ShockUnitReport[];
  readonly outcome: JointOutcome<GbaOutcome>;
}

/**
 * Runs one shock on explicit rolls (GBA DR 0-9, keyed by role). Throws if a roll the resolution needs is
 * missing. `used` tells which rolls were read.
 */
export function resolveShockDetailed(
  s: GbaShockSituation,
  rolls: Readonly<Record<string, number>>,
  charts: GbaCharts = DEFAULT_GBA_CHARTS,
): ShockReport {
  const c = compileShock(s, charts);
  const used: Record<string, number> = {};
  let state = shockMachine(c).start;
  let afterPre: ShockState | undefined;
  let crt: CrtStage | undefined;
  const preRoll: (number | undefined)[] = c.units.map(() => undefined);
  for (;;) {
    if (
      afterPre === undefined &&
      (state.ph === Phase.Leaders || state.ph === Phase.Pursuit || state.ph === Phase.Final)
    )
      afterPre = state;
    const step = shockStep(c, state);
    if (step.kind === 'done') {
      const end = afterPre as ShockState;
      const f = finalHits(c, state);
      const units = c.units.map((u, j): ShockUnitReport => {
        const chk = c.pre[j];
        const dr = preRoll[j];
        return {
          side: isAttacker(c, j) ? 'a' : 'b',
          index: isAttacker(c, j) ? j : j - c.na,
          name: u.name ?? u.type,
          tq: u.tq,
          startHits: u.hits,
          preShock:
            chk && dr !== undefined ? { dr, drm: chk.drm, hits: preShockHits(dr, chk.drm, u.tq) } : undefined,
          afterPreShock: end.h[j] as number,
          routedInPreShock: end.st[j] === ROUTED,
          crtHits: crt ? crt.crtHits[j] : undefined,
          breakthrough: crt ? (crt.breakthrough[j] as boolean) : false,
          finalHits: state.st[j] === ROUTED ? (state.h[j] as number) : (f[j] as number),
          routed: state.st[j] === ROUTED,
        };
      });
      return {
        used,
        preShockEnded: crt === undefined,
        personalCombat: c.personalCombat,
        leaders: state.leader,
        superiority: c.sup,
        crt,
        units,
        outcome: { a: GBA_OUTCOMES[step.a] as GbaOutcome, b: GBA_OUTCOMES[step.b] as GbaOutcome },
      };
    }
    if (step.kind === 'go') {
      state = step.next;
      continue;
    }
    const dr = rolls[step.role];
    if (dr === undefined || !Number.isInteger(dr) || dr < 0 || dr > 9) {
      throw new Error(`resolveShockDetailed: needs a roll 0-9 for '${step.role}'`);
    }
    used[step.role] = dr;
    if (state.ph === Phase.Pre) preRoll[state.i] = dr;
    if (step.role === 'crt') {
      const r = crtStage(c, state, dr);
      crt = r.info;
      state = r.next;
    } else state = step.next(dr);
  }
}
