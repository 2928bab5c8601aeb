/// <reference lib="dom" />
/** Entry of chart.js: vega-embed (with vega and vega-lite) handed to the page; see view/chart.ts. */
import embed from 'vega-embed';
import type { Embed } from './view/chart.ts';

const e: Embed = (el, spec) =>
  embed(el, spec, { actions: false, renderer: 'svg', tooltip: true }).then((r) => ({
    finalize: () => r.finalize(),
    update: async (dataset, values) => {
      await r.view
        .data(
          dataset,
          values.map((v) => ({ ...v })),
        )
        .runAsync();
    },
  }));
window.debellatorEmbed = e;
window.debellatorChartReady?.();
