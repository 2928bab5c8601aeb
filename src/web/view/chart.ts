/// <reference lib="dom" />
/**
 * Draws the chart with vega-embed. vega, vega-lite and vega-embed are bundled into their own script
 * (chart-entry.ts -> chart.js) so the numbers appear before the charting code has loaded; that script
 * hands its embed function over through window.debellatorEmbed.
 *
 * A chart whose shape (`key`) has not changed is updated in place by swapping its named data set,
 * which is much cheaper than compiling and embedding the spec again. Each host holds its own chart (the
 * outcome bars, the "this or worse" chart).
 */
import type { TopLevelSpec } from 'vega-lite';

export interface ChartHandle {
  finalize(): void;
  /** Replace the rows of the named data set and redraw. */
  update(dataset: string, values: readonly object[]): Promise<void>;
}

export type Embed = (el: HTMLElement, spec: TopLevelSpec) => Promise<ChartHandle>;

declare global {
  interface Window {
    debellatorEmbed?: Embed;
    debellatorChartReady?: () => void;
  }
}

interface ChartRequest {
  readonly spec: TopLevelSpec;
  /** The chart's shape: equal keys differ only in the rows of `dataset`. */
  readonly key: string;
  readonly dataset: string;
  readonly values: readonly object[];
}

/** Per chart host: the drawn chart's shape and handle, and the latest request. */
const charts = new Map<
  HTMLElement,
  { current?: { key: string; handle: Promise<ChartHandle> }; latest: ChartRequest; dirty: boolean }
>();
let scheduled = false;

function drawOne(host: HTMLElement, embed: Embed): void {
  const entry = charts.get(host);
  if (!entry?.dirty) return;
  entry.dirty = false;
  const { current, latest: request } = entry;
  const fail = (e: unknown) => host.replaceChildren(`Chart failed: ${(e as Error).message}`);
  if (current && current.key === request.key && host.firstElementChild?.classList.contains('chart-canvas')) {
    current.handle.then((h) => h.update(request.dataset, request.values)).catch(fail);
    return;
  }
  current?.handle.then(
    (h) => h.finalize(),
    () => undefined,
  );
  // vega-embed sizes a "container" width from its element's clientWidth, padding included: give it a
  // padding-free element of its own.
  const target = document.createElement('div');
  target.className = 'chart-canvas';
  host.replaceChildren(target);
  const handle = embed(target, request.spec);
  handle.catch(fail);
  entry.current = { key: request.key, handle };
}

function draw(): void {
  scheduled = false;
  const embed = window.debellatorEmbed;
  if (!embed) return;
  for (const host of charts.keys()) drawOne(host, embed);
}

/** Draw into `host` at the next frame (edits in quick succession draw once), or once chart.js loads. */
export function drawChart(host: HTMLElement, request: ChartRequest): void {
  const entry = charts.get(host);
  if (entry) Object.assign(entry, { latest: request, dirty: true });
  else charts.set(host, { latest: request, dirty: true });
  window.debellatorChartReady = draw;
  if (!window.debellatorEmbed || scheduled) return;
  scheduled = true;
  requestAnimationFrame(draw);
}
