/** Small synthetic inputs for the chart tests (made-up numbers, not results). */
import type {
  BoundsHistogramInput,
  CostChangeInput,
  CostEffectivenessInput,
  MatchupHeatmapInput,
  OutcomeBarsInput,
} from '../../src/report/charts/index.ts';

export const TYPES = ['Kn(S)', 'Bd(O)', 'Sp(O)', 'Bw(I)'] as const;

export const heatmapInput: MatchupHeatmapInput = {
  title: 'Net effectiveness by matchup',
  subtitle: 'synthetic',
  rowTitle: 'Side A',
  colTitle: 'Side B',
  valueTitle: 'Net effectiveness',
  cells: TYPES.flatMap((row, i) =>
    TYPES.map((col, j) => ({
      row,
      col,
      value: (i - j) * 0.2,
      lo: (i - j) * 0.2 - 0.05,
      hi: (i - j) * 0.2 + 0.05,
    })),
  ),
};

export const scatterInput: CostEffectivenessInput = {
  title: 'Cost against effectiveness',
  yTitle: 'Net effectiveness',
  points: TYPES.map((label, i) => ({
    label,
    cost: 5 + 2 * i,
    effectiveness: 0.1 * i - 0.1,
    lo: 0.1 * i - 0.15,
    hi: 0.1 * i - 0.05,
  })),
  fit: { slope: 0.05, intercept: -0.3, r2: 0.8 },
};

export const costChangeInput: CostChangeInput = {
  title: 'Cost change against break-even',
  oldName: 'DBM 3.0',
  newName: 'DBM 3.2',
  elements: [
    { label: 'Kn(S)', oldCost: 10, newCost: 9, breakEven: 8.5, breakEvenLo: 8, breakEvenHi: 9.1 },
    { label: 'Bd(O)', oldCost: 5, newCost: 5, breakEven: 5.4, breakEvenLo: 5, breakEvenHi: 5.9 },
    { label: 'Bw(I)', oldCost: 4, newCost: 5, breakEven: 3.2, breakEvenLo: 2.9, breakEvenHi: 3.6 },
  ],
};

export const outcomeInput: OutcomeBarsInput = {
  title: 'Bd(O) against Kn(S)',
  sides: [
    {
      name: 'A: Reg Bd(O)',
      outcomes: [
        { outcome: 'destroyed', p: 0.1944 },
        { outcome: 'flee', p: 0 },
        { outcome: 'recoil', p: 0.2778 },
        { outcome: 'none', p: 0.5278 },
      ],
    },
    {
      name: 'B: Irr Kn(S)',
      outcomes: [
        { outcome: 'destroyed', p: 0.3, lo: 0.28, hi: 0.32 },
        { outcome: 'flee', p: 0 },
        { outcome: 'recoil', p: 0.1944 },
        { outcome: 'none', p: 0.5056 },
      ],
    },
  ],
};

export const boundsInput: BoundsHistogramInput = {
  title: 'Bounds until a side breaks',
  series: [
    { name: 'A wins', mean: 3.1, bounds: [1, 2, 3, 4, 5, 6].map((bound) => ({ bound, p: 0.3 / bound })) },
    {
      name: 'B wins',
      mean: 4.4,
      bounds: [1, 2, 3, 4, 5, 6].map((bound) => ({ bound, p: 0.05 + 0.02 * bound })),
    },
  ],
};

/**
 * A crowded scatter: 18 element types, six of them at cost 4 and five at cost 5 within a few hundredths
 * of each other, as a real cost list gives. Made-up effectiveness values.
 */
const CROWDED_LABELS = [
  'Irr Kn(F)',
  'Irr Kn(O)',
  'Reg Kn(S)',
  'Reg Cv(O)',
  'Irr Cv(I)',
  'Reg LH(F)',
  'Reg Sp(O)',
  'Reg Sp(I)',
  'Reg Pk(O)',
  'Reg Bd(O)',
  'Irr Bd(F)',
  'Irr Wb(S)',
  'Irr Wb(F)',
  'Reg Ax(S)',
  'Irr Ax(I)',
  'Reg Bw(O)',
  'Reg Bw(I)',
  'Irr Ps(O)',
] as const;
const CROWDED_COSTS = [7, 10, 12, 7, 4, 5, 5, 4, 4, 5, 5, 4, 3, 4, 2, 5, 4, 2];

export const crowdedScatterInput: CostEffectivenessInput = {
  title: 'Cost against effectiveness, eighteen types',
  subtitle: 'synthetic, with clusters at 4 and 5 points',
  yTitle: 'Net effectiveness',
  fit: { slope: 0.04, intercept: -0.2, r2: 0.71 },
  points: CROWDED_LABELS.map((label, i) => {
    const e = -0.2 + 0.04 * CROWDED_COSTS[i]! + Math.sin(i * 12.9898) * 0.05;
    return { label, cost: CROWDED_COSTS[i]!, effectiveness: e, lo: e - 0.03, hi: e + 0.03 };
  }),
};

/** Two series with long names (as the engagement study writes them), to check the legend fits. */
export const longBoundsInput: BoundsHistogramInput = {
  title: 'The same blades two deep (3.2 rear support against knights): bounds to a decision',
  subtitle: 'as many Reg Bd(O) as the budget buys, 2 deep v as many Irr Kn(O) as the budget buys',
  series: [
    {
      name: 'as many Reg Bd(O) as the budget buys, 2 deep, wins the engagement',
      mean: 4.2,
      bounds: Array.from({ length: 20 }, (_, k) => ({ bound: k + 1, p: 0.2 * Math.exp(-k / 3) })),
    },
    {
      name: 'as many Irr Kn(O) as the budget buys wins',
      mean: 4.6,
      bounds: Array.from({ length: 20 }, (_, k) => ({ bound: k + 1, p: 0.15 * Math.exp(-k / 4) })),
    },
  ],
};
