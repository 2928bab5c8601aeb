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
