/**
 * Placing point labels so they do not overlap each other, the points, or the error bars: a greedy
 * search over candidate positions around each point (right, left, above, below, the diagonals, then
 * further away with a leader line), most crowded points first.
 *
 * The layout is computed in pixels at the narrowest width the chart is drawn at; the chart may be drawn
 * wider (the report page fits it to its box) but never taller. Widening a plot moves every point right in
 * proportion to its x while labels keep their pixel offsets, so two boxes that are apart vertically stay
 * apart, and two boxes that are apart horizontally stay apart if the box of the left point is the left
 * box. Collisions are judged by that rule, so a layout free of overlaps at the narrowest width is free of
 * them at every greater width. Leader lines are checked at a few widths.
 */
import { textWidth } from './common.ts';

/** A point to label, in pixels (x from the plot's left edge, y from its top) at the narrowest width. */
export interface LabelPoint {
  readonly x: number;
  readonly y: number;
  readonly text: string;
  /** The point's error bar, top and bottom pixel, when it has one. */
  readonly bar?: { readonly y0: number; readonly y1: number };
}

type LabelAlign = 'left' | 'right' | 'center';

/** Where a label goes: its anchor's pixel offset from the point (text is vertically centred on it). */
interface LabelPlacement {
  readonly dx: number;
  readonly dy: number;
  readonly align: LabelAlign;
  /** True when the label sits away from its point and a thin line joins them. */
  readonly leader: boolean;
  /**
   * True when every candidate lay on another label or outside the plot: the label is best left out (the
   * point's tooltip still names it).
   */
  readonly crowded: boolean;
}

interface LayoutArea {
  /** Plot width and height in pixels at the narrowest width the chart is drawn at. */
  readonly width: number;
  readonly height: number;
  readonly fontSize: number;
  /** Radius of a point's symbol in pixels. */
  readonly pointRadius: number;
}

/** A rectangle tied to the x of the point it belongs to (which decides how it moves when the plot widens). */
interface LabelBox {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
  readonly anchor: number;
}

interface Segment {
  readonly ax: number;
  readonly ay: number;
  readonly bx: number;
  readonly by: number;
}

/** Penalties of a candidate: on another label, outside the plot (both make it a last resort). */
const OVERLAP = 1000;
const OUTSIDE = 500;
/** Room kept between a label and anything else, in pixels. */
const GAP = 1;
/** Widths (as multiples of the narrowest) at which leader lines are checked. */
const LEADER_SCALES = [1, 1.6, 2.4, 3.2];

interface Candidate {
  readonly dx: number;
  readonly dy: number;
  readonly align: LabelAlign;
  readonly leader: boolean;
}

/** Candidate positions, nearest first. */
function candidates(fontSize: number, radius: number): Candidate[] {
  const h = fontSize * 1.2;
  const side = radius + 3;
  const vert = radius + h / 2 + 2;
  const near: Candidate[] = [
    { dx: side, dy: 0, align: 'left', leader: false },
    { dx: -side, dy: 0, align: 'right', leader: false },
    { dx: 0, dy: -vert, align: 'center', leader: false },
    { dx: 0, dy: vert, align: 'center', leader: false },
    { dx: side - 2, dy: -(vert - 2), align: 'left', leader: false },
    { dx: side - 2, dy: vert - 2, align: 'left', leader: false },
    { dx: -(side - 2), dy: -(vert - 2), align: 'right', leader: false },
    { dx: -(side - 2), dy: vert - 2, align: 'right', leader: false },
  ];
  // further out, with a leader: two columns either side, at every half label height up and down
  const far: Candidate[] = [];
  for (const dx of [side + 10, side + 24, side + 40])
    for (let j = 0; j <= 16; j++)
      for (const sy of j === 0 ? [1] : [-1, 1]) {
        const dy = sy * j * (h / 2 + 1);
        far.push({ dx, dy, align: 'left', leader: true }, { dx: -dx, dy, align: 'right', leader: true });
      }
  far.sort((a, b) => Math.hypot(a.dx, a.dy) - Math.hypot(b.dx, b.dy));
  return [...near, ...far];
}

function labelBox(p: LabelPoint, c: Candidate, w: number, h: number): LabelBox {
  const ax = p.x + c.dx;
  const x0 = c.align === 'left' ? ax : c.align === 'right' ? ax - w : ax - w / 2;
  return { x0, x1: x0 + w, y0: p.y + c.dy - h / 2, y1: p.y + c.dy + h / 2, anchor: p.x };
}

/** The leader runs from the point's rim to just short of the label's near edge. */
function leaderOf(p: LabelPoint, c: Candidate, radius: number): Segment {
  const ex = p.x + c.dx + (c.align === 'left' ? -2 : c.align === 'right' ? 2 : 0);
  const ey = p.y + c.dy;
  const len = Math.hypot(ex - p.x, ey - p.y) || 1;
  return {
    ax: p.x + ((ex - p.x) / len) * radius,
    ay: p.y + ((ey - p.y) / len) * radius,
    bx: ex,
    by: ey,
  };
}

/** Whether two boxes collide at some width at or above the narrowest (see the file comment). */
export function boxesCollide(a: LabelBox, b: LabelBox): boolean {
  if (a.y1 + GAP <= b.y0 || b.y1 + GAP <= a.y0) return false;
  const aLeft = a.x1 + GAP <= b.x0;
  const bLeft = b.x1 + GAP <= a.x0;
  if (a.anchor < b.anchor) return !aLeft;
  if (a.anchor > b.anchor) return !bLeft;
  return !aLeft && !bLeft;
}

/** Whether a segment crosses a box (Liang-Barsky clipping). */
function segmentHitsBox(s: Segment, b: LabelBox): boolean {
  const dx = s.bx - s.ax;
  const dy = s.by - s.ay;
  let t0 = 0;
  let t1 = 1;
  const edges: [number, number][] = [
    [-dx, s.ax - b.x0],
    [dx, b.x1 - s.ax],
    [-dy, s.ay - b.y0],
    [dy, b.y1 - s.ay],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const t = q / p;
      if (p < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
      if (t0 > t1) return false;
    }
  }
  return true;
}

/** Whether two segments cross (or touch). */
function segmentsCross(s: Segment, t: Segment): boolean {
  const side = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
    Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
  return (
    side(s.ax, s.ay, s.bx, s.by, t.ax, t.ay) * side(s.ax, s.ay, s.bx, s.by, t.bx, t.by) <= 0 &&
    side(t.ax, t.ay, t.bx, t.by, s.ax, s.ay) * side(t.ax, t.ay, t.bx, t.by, s.bx, s.by) <= 0
  );
}

/** Whether two leaders (each moving with its own anchor) cross at any of the checked widths. */
function leadersCross(s: Segment, sAnchor: number, t: Segment, tAnchor: number): boolean {
  return LEADER_SCALES.some((k) => {
    const a = (k - 1) * sAnchor;
    const b = (k - 1) * tAnchor;
    return segmentsCross(
      { ax: s.ax + a, ay: s.ay, bx: s.bx + a, by: s.by },
      { ax: t.ax + b, ay: t.ay, bx: t.bx + b, by: t.by },
    );
  });
}

/** Whether a leader (moving with `anchor`) crosses a box at any of the checked widths. */
function leaderHits(s: Segment, anchor: number, b: LabelBox): boolean {
  return LEADER_SCALES.some((k) => {
    const shift = (k - 1) * anchor;
    const bShift = (k - 1) * b.anchor;
    return segmentHitsBox(
      { ax: s.ax + shift, ay: s.ay, bx: s.bx + shift, by: s.by },
      { ...b, x0: b.x0 + bShift, x1: b.x1 + bShift },
    );
  });
}

export function placeLabels(points: readonly LabelPoint[], area: LayoutArea): LabelPlacement[] {
  const h = area.fontSize * 1.2;
  const r = area.pointRadius;
  const cands = candidates(area.fontSize, r);
  const marks: LabelBox[] = points.map((p) => ({
    x0: p.x - r,
    x1: p.x + r,
    y0: p.y - r,
    y1: p.y + r,
    anchor: p.x,
  }));
  const bars: LabelBox[] = points.flatMap((p) =>
    p.bar === undefined ? [] : [{ x0: p.x - 1, x1: p.x + 1, y0: p.bar.y0, y1: p.bar.y1, anchor: p.x }],
  );
  // most crowded first: the number of other points within four label heights
  const crowd = points.map(
    (p) => points.filter((q) => q !== p && Math.hypot(q.x - p.x, q.y - p.y) < 4 * h).length,
  );
  const order = points.map((_, i) => i).sort((i, j) => crowd[j]! - crowd[i]! || i - j);
  const placed: { box: LabelBox; leader?: Segment; anchor: number }[] = [];
  const result: LabelPlacement[] = new Array<LabelPlacement>(points.length);
  for (const i of order) {
    const p = points[i]!;
    const w = textWidth(p.text, area.fontSize);
    let best: { c: Candidate; cost: number; box: LabelBox; leader?: Segment } | undefined;
    for (const c of cands) {
      const box = labelBox(p, c, w, h);
      const leader = c.leader ? leaderOf(p, c, r) : undefined;
      let cost = 0;
      if (box.x0 < 0 || box.x1 > area.width || box.y0 < 0 || box.y1 > area.height) cost += OUTSIDE;
      for (const o of placed) {
        if (boxesCollide(box, o.box)) cost += OVERLAP;
        if (o.leader && leaderHits(o.leader, o.anchor, box)) cost += 40;
        if (leader && leaderHits(leader, p.x, o.box)) cost += 40;
        if (leader && o.leader && leadersCross(leader, p.x, o.leader, o.anchor)) cost += 30;
      }
      marks.forEach((m, j) => {
        if (j !== i && boxesCollide(box, m)) cost += 20;
        if (leader && j !== i && leaderHits(leader, p.x, m)) cost += 25;
      });
      for (const b of bars) if (boxesCollide(box, b)) cost += 3;
      if (best === undefined || cost < best.cost)
        best = leader === undefined ? { c, cost, box } : { c, cost, box, leader };
      if (cost === 0) break;
    }
    const chosen = best!;
    if (chosen.cost >= OUTSIDE) {
      result[i] = { dx: 0, dy: 0, align: 'center', leader: false, crowded: true };
      continue;
    }
    placed.push(
      chosen.leader === undefined
        ? { box: chosen.box, anchor: p.x }
        : { box: chosen.box, leader: chosen.leader, anchor: p.x },
    );
    result[i] = {
      dx: chosen.c.dx,
      dy: chosen.c.dy,
      align: chosen.c.align,
      leader: chosen.c.leader,
      crowded: false,
    };
  }
  return result;
}
