/**
 * Point labels placed clear of each other: hand-worked placements for a few points, the rule that keeps a
 * layout free of overlaps when the plot is drawn wider, and a crowded case.
 */
import { describe, expect, it } from 'vitest';
import { textWidth } from '../../src/report/charts/common.ts';
import { boxesCollide, placeLabels, type LabelPoint } from '../../src/report/charts/label-layout.ts';

// font 10 px: a label is 12 px high; point radius 4: a label beside a point starts 4 + 3 = 7 px from it
const AREA = { width: 300, height: 200, fontSize: 10, pointRadius: 4 };

describe('label placement', () => {
  it('puts a lone label right of its point', () => {
    expect(placeLabels([{ x: 100, y: 100, text: 'Kn(S)' }], AREA)).toEqual([
      { dx: 7, dy: 0, align: 'left', leader: false, crowded: false },
    ]);
  });

  it('puts it left of the point when the right would leave the plot', () => {
    // "Kn(S)" is 27 px wide: right of x = 290 it would end at 324 > 300; left, it spans 256..283
    expect(placeLabels([{ x: 290, y: 100, text: 'Kn(S)' }], AREA)[0]).toEqual({
      dx: -7,
      dy: 0,
      align: 'right',
      leader: false,
      crowded: false,
    });
  });

  it('sends the second of two close points to the other side', () => {
    // A at (100,100) labelled right: 107..134 x 94..106. B 6 px lower: right would be 100..112 high, on
    // A's label; left it spans 64.1..93 (Bd(O) is 28.9 px), clear of A's label and A's point (96..104)
    const points: LabelPoint[] = [
      { x: 100, y: 100, text: 'Kn(S)' },
      { x: 100, y: 106, text: 'Bd(O)' },
    ];
    expect(textWidth('Bd(O)', 10)).toBeCloseTo(28.9, 9);
    expect(placeLabels(points, AREA).map((p) => [p.dx, p.dy, p.align])).toEqual([
      [7, 0, 'left'],
      [-7, 0, 'right'],
    ]);
  });

  it('counts boxes as colliding when the plot, drawn wider, would push them together', () => {
    // A's point is at x 10, its label at 30..60; B's point at 20, its label at 0..25: apart now, but at
    // twice the width the points are at 20 and 40 and the labels at 40..70 and 20..45: they overlap
    const a = { x0: 30, x1: 60, y0: 0, y1: 10, anchor: 10 };
    const b = { x0: 0, x1: 25, y0: 0, y1: 10, anchor: 20 };
    expect(boxesCollide(a, b)).toBe(true);
    // swapped anchors (the left point has the left label): the gap only grows
    expect(boxesCollide({ ...a, anchor: 20 }, { ...b, anchor: 10 })).toBe(false);
    // one above the other: apart at any width
    expect(boxesCollide(a, { ...b, y0: 12, y1: 22 })).toBe(false);
  });

  it('keeps every shown label clear of the others in a crowd, leaving out those with no room', () => {
    // 40 points within a 30 x 30 px square of a 200 x 120 plot: not all 40 labels can fit
    const points: LabelPoint[] = Array.from({ length: 40 }, (_, i) => ({
      x: 90 + (i % 6) * 5,
      y: 45 + Math.floor(i / 6) * 4,
      text: `Irr Wb(F) ${i}`,
    }));
    const area = { ...AREA, width: 200, height: 120 };
    const placed = placeLabels(points, area);
    const shown = placed.flatMap((p, i) => {
      if (p.crowded) return [];
      const w = textWidth(points[i]!.text, 10);
      const x = points[i]!.x + p.dx;
      const x0 = p.align === 'left' ? x : p.align === 'right' ? x - w : x - w / 2;
      return [{ x0, x1: x0 + w, y0: points[i]!.y + p.dy - 6, y1: points[i]!.y + p.dy + 6 }];
    });
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(40);
    expect(placed.some((p) => p.leader)).toBe(true);
    for (let i = 0; i < shown.length; i++) {
      const a = shown[i]!;
      expect(a.x0 >= 0 && a.x1 <= 200 && a.y0 >= 0 && a.y1 <= 120).toBe(true);
      for (const b of shown.slice(i + 1))
        expect(a.x1 <= b.x0 || b.x1 <= a.x0 || a.y1 <= b.y0 || b.y1 <= a.y0).toBe(true);
    }
  });
});
