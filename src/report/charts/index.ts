/** The chart builders: each turns plain result data into one concise Vega-Lite spec. */
export { CHART_CONFIG, type ChartSpec, type ChartText } from './common.ts';
export { matchupHeatmapSpec, type HeatmapCell, type MatchupHeatmapInput } from './matchup-heatmap.ts';
export {
  costEffectivenessSpec,
  type CostEffectivenessInput,
  type CostPoint,
  type LineFit,
} from './cost-effectiveness.ts';
export {
  costChangeSpec,
  costMove,
  type CostChange,
  type CostChangeInput,
  type CostMove,
} from './cost-change.ts';
export {
  outcomeBarsFromOdds,
  outcomeBarsSpec,
  type OutcomeBarsInput,
  type OutcomeProbability,
  type OutcomeSide,
} from './outcome-bars.ts';
export { boundsHistogramSpec, type BoundsHistogramInput, type BoundsSeries } from './bounds-histogram.ts';
