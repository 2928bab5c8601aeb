/**
 * What a recoil does to the bases standing behind the recoiling base (B&B 0.7 ch.7 recoil, push back):
 * friends directly behind are pushed back with it; an elephant cannot be pushed back, so the base that
 * would push it is destroyed; a recoiling elephant destroys every base it would push back (stampede). A
 * flight starts with a recoil (ch.7 flee), so the same applies to it. The distances are the base depths
 * of Table 5.6. Readings: docs/rulings.md, Blood and Blades "Push back and stampede".
 */
import type { BnbElement } from './troops.ts';

/**
 * Base depth in mm at 15mm scale (B&B 0.7 Table 5.6; the table's "width" column holds the depths, every
 * base being 40mm wide): very deep 40, deep 30, shallow 20, very shallow 15.
 */
export function bnbBaseDepth(e: BnbElement): number {
  switch (e.type) {
    case 'Bg':
    case 'El':
    case 'HCh':
    case 'LCh':
      return 40;
    case 'Cm':
    case 'Cv':
    case 'LH':
    case 'Hd':
      return 30;
    case 'Ax':
    case 'Bw':
    case 'Ps':
      return 20;
    case 'Bd':
    case 'Wb':
      return e.grade === 'F' ? 20 : 15;
    case 'Pk':
      return e.grade === 'F' ? 20 : 15;
    case 'Sp':
      return 15;
  }
}

/** What the recoil of a base did to the bases behind it. */
interface RecoilChain {
  /** The recoiling base itself is destroyed: it would have to push back an elephant. */
  readonly frontLost: boolean;
  /** Indices (into `behind`) of the bases destroyed, nearest first. */
  readonly behindLost: readonly number[];
  /**
   * The recoiling base passed through the elephant at this index of `behind` instead of pushing it
   * (a Ps, which may pass through any troop type but Pk(I/X), ch.6 pass through): it now stands just behind it.
   */
  readonly passedThrough?: number;
}

const NOTHING: RecoilChain = { frontLost: false, behindLost: [] };

/**
 * The recoil (or the recoil that starts a flight) of `front` into `behind`: the bases in its file directly
 * behind it, front to back, each touching the one before (B&B 0.7 ch.7 push back).
 *
 * - An El recoiling destroys each base it would push back: every base whose front edge lies less than the
 *   El's depth behind the El's rear edge. An El among them is destroyed and so is the recoiling El.
 * - Any other base pushes back the bases behind it. The first El behind cannot be pushed back: the base in
 *   front of it is destroyed, then the next base in front if the recoil still has to carry it further than
 *   the room freed so far, and so on (pushed bases cannot pass through friends). If the recoil reaches the
 *   recoiling base itself, it is destroyed, or, if it is a Ps, it passes through the El.
 *
 * Such destruction never makes the recoil incomplete (it is "only stampeding"). Bg never stand behind a
 * base here (they never move, ch.4 Bg; the situation and engagement parsers refuse them).
 */
export function bnbRecoilThrough(front: BnbElement, behind: readonly BnbElement[]): RecoilChain {
  const distance = bnbBaseDepth(front);
  if (front.type === 'El') {
    const lost: number[] = [];
    let offset = 0;
    for (let i = 0; i < behind.length && offset < distance; i++) {
      const b = behind[i] as BnbElement;
      lost.push(i);
      if (b.type === 'El') return { frontLost: true, behindLost: lost };
      offset += bnbBaseDepth(b);
    }
    return lost.length === 0 ? NOTHING : { frontLost: false, behindLost: lost };
  }
  const el = behind.findIndex((b) => b.type === 'El');
  if (el < 0) return NOTHING;
  const lost: number[] = [];
  let room = 0;
  for (let i = el - 1; i >= 0; i--) {
    if (room >= distance) return { frontLost: false, behindLost: lost };
    lost.push(i);
    room += bnbBaseDepth(behind[i] as BnbElement);
  }
  if (room >= distance) return { frontLost: false, behindLost: lost };
  if (front.type === 'Ps') return { frontLost: false, behindLost: lost, passedThrough: el };
  return { frontLost: true, behindLost: lost };
}

/**
 * The file after a recoil of its front: `ranks` are its bases still standing, front first (any ids);
 * returns those still standing afterwards in their new order and those destroyed (the front among them
 * when it is lost). Survivors close up behind the front: the model keeps no gaps inside a file.
 */
export function bnbFileAfterRecoil<R>(
  ranks: readonly R[],
  element: (r: R) => BnbElement,
): { readonly ranks: readonly R[]; readonly lost: readonly R[] } {
  const [front, ...behind] = ranks;
  if (front === undefined) return { ranks, lost: [] };
  const chain = bnbRecoilThrough(element(front), behind.map(element));
  if (!chain.frontLost && chain.behindLost.length === 0 && chain.passedThrough === undefined)
    return { ranks, lost: [] };
  const gone = new Set(chain.behindLost);
  const lost: R[] = [];
  if (chain.frontLost) lost.push(front);
  for (const i of chain.behindLost) lost.push(behind[i] as R);
  const rest = behind.filter((_, i) => !gone.has(i));
  if (chain.frontLost) return { ranks: rest, lost };
  if (chain.passedThrough !== undefined) {
    // The Ps stops just behind the El it passed through.
    const at = rest.indexOf(behind[chain.passedThrough] as R);
    return { ranks: [...rest.slice(0, at + 1), front, ...rest.slice(at + 1)], lost };
  }
  return { ranks: [front, ...rest], lost };
}
