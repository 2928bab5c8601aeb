/** The chart builders: each turns plain result data into one concise Vega-Lite spec. */
export { type ChartSpec } from './common.ts';
export { matchupHeatmapSpec, type MatchupHeatmapInput } from './matchup-heatmap.ts';
export { costEffectivenessSpec, type CostEffectivenessInput } from './cost-effectiveness.ts';
export { costChangeSpec, costMove, type CostChangeInput } from './cost-change.ts';
export { outcomeBarsFromOdds, outcomeBarsSpec, type OutcomeBarsInput } from './outcome-bars.ts';
export { boundsHistogramSpec, type BoundsHistogramInput } from './bounds-histogram.ts';
