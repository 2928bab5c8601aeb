/** The HTML page builder: a pure function of the report and the script texts. */
import { describe, expect, it } from 'vitest';
import { matchupHeatmapSpec, outcomeBarsSpec } from '../../src/report/charts/index.ts';
import {
  buildReportHtml,
  escapeHtml,
  pageSpec,
  scriptSafe,
  type ReportInput,
} from '../../src/report/html.ts';
import { heatmapInput, outcomeInput } from './fixtures.ts';

const SCRIPTS = { vega: '/*VEGA*/', vegaLite: '/*VEGA-LITE*/', vegaEmbed: '/*EMBED*/' };

const REPORT: ReportInput = {
  title: 'Balance study <DBM 3.2>',
  intro: 'First paragraph.\n\nSecond with `code`.',
  sections: [
    {
      heading: 'Matchups',
      text: 'How each type fares.',
      charts: [{ name: 'matchups', spec: matchupHeatmapSpec(heatmapInput), caption: 'Net effectiveness' }],
      tables: [
        { caption: 'Costs', table: { columns: [{ name: 'Type' }, { name: 'Cost' }], rows: [['Kn(S)', 10]] } },
      ],
      reproduce: 'debellator balance scenarios/dbm-balance.yaml --seed 1',
    },
    {
      heading: 'One matchup',
      text: 'Bd(O) against Kn(S).',
      charts: [{ name: 'bd-v-kn', spec: outcomeBarsSpec(outcomeInput), caption: 'Outcomes' }],
      tables: [
        {
          caption: 'Odds',
          table: {
            columns: [{ name: 'Side' }, { name: 'P(destroyed)', format: (p) => p.toFixed(4) }],
            rows: [['A | B', 0.19444]],
          },
        },
      ],
      reproduce: 'debellator odds "Reg Bd(O)" "Irr Kn(S)"',
    },
  ],
  footer: 'debellator 0.1.0, seed 1',
  lead: ['Reg Bd(O) wins 60% of its fights, more than its cost says.'],
};

describe('report page', () => {
  const html = buildReportHtml(REPORT, SCRIPTS);

  it('inlines the three libraries in load order, then the embed call', () => {
    const at = (s: string) => html.indexOf(s);
    expect(at('/*VEGA*/')).toBeGreaterThan(0);
    expect(at('/*VEGA*/')).toBeLessThan(at('/*VEGA-LITE*/'));
    expect(at('/*VEGA-LITE*/')).toBeLessThan(at('/*EMBED*/'));
    expect(at('/*EMBED*/')).toBeLessThan(at('vegaEmbed(el'));
    expect(html).not.toMatch(/<script[^>]+src=/);
  });

  it('has one chart div per chart and carries each spec in the page data', () => {
    // the heatmap is sized in cells and keeps its size; the outcome bars have a pixel width and follow
    // the width of their box
    expect(html).toContain('<div class="chart" id="chart-matchups"');
    expect(html).toContain('<div class="chart fluid" id="chart-bd-v-kn"');
    const data = /<script type="application\/json" id="chart-data">(.*?)<\/script>/s.exec(html)![1]!;
    const charts = JSON.parse(data) as { id: string; spec: unknown }[];
    expect(charts.map((c) => c.id)).toEqual(['chart-matchups', 'chart-bd-v-kn']);
    expect(charts[0]!.spec).toEqual(REPORT.sections[0]!.charts![0]!.spec);
    expect(charts[1]!.spec).toEqual(pageSpec(REPORT.sections[1]!.charts![0]!.spec).spec);
  });

  it('draws a chart of fixed pixel width at the width of its box, and leaves one sized in steps alone', () => {
    const bars = outcomeBarsSpec(outcomeInput);
    const page = pageSpec(bars);
    expect(page.fluid).toBe(true);
    expect(page.spec).toEqual({
      ...bars,
      width: 'container',
      autosize: { type: 'fit-x', contains: 'padding' },
    });
    // the builder's spec (the chart files' size) is left as it was
    expect((bars as { width: unknown }).width).toBe(360);
    const heat = matchupHeatmapSpec(heatmapInput);
    expect(pageSpec(heat)).toEqual({ spec: heat, fluid: false });
  });

  it('shows each section with its tables and its reproduce command, escaped', () => {
    expect(html).toContain('<title>Balance study &lt;DBM 3.2&gt;</title>');
    expect(html).toContain('<pre><code>debellator balance scenarios/dbm-balance.yaml --seed 1</code></pre>');
    expect(html).toContain(
      '<pre><code>debellator odds &quot;Reg Bd(O)&quot; &quot;Irr Kn(S)&quot;</code></pre>',
    );
    expect(html).toContain('<td>Kn(S)</td><td style="text-align:right">10</td>');
    expect(html).toContain('<td>A | B</td><td style="text-align:right">0.1944</td>');
    expect(html).toContain('<p>Second with <code>code</code>.</p>');
    expect(html).toContain('<a href="#section-2">One matchup</a>');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });

  it('leads with the answer: right under the title, before the intro and the contents', () => {
    const at = (x: string) => html.indexOf(x);
    expect(html).toContain(
      '<ul class="lead"><li>Reg Bd(O) wins 60% of its fights, more than its cost says.</li></ul>',
    );
    expect(at('<h1>')).toBeLessThan(at('<ul class="lead">'));
    expect(at('<ul class="lead">')).toBeLessThan(at('<p>First paragraph.</p>'));
    expect(at('<ul class="lead">')).toBeLessThan(at('<nav>'));
  });

  it('adds a PNG fallback for each chart only when an image folder is given', () => {
    expect(html).not.toContain('<noscript>');
    const withImages = buildReportHtml(REPORT, SCRIPTS, { imageDir: 'charts' });
    expect(withImages).toContain(
      '<noscript><img src="charts/matchups.png" alt="Net effectiveness"></noscript>',
    );
  });

  it('refuses two charts of one name, or a name that is not a plain file stem', () => {
    const chart = REPORT.sections[0]!.charts![0]!;
    const twice = { ...REPORT, sections: [{ ...REPORT.sections[0]!, charts: [chart, chart] }] };
    expect(() => buildReportHtml(twice, SCRIPTS)).toThrow(/used twice/);
    const bad = { ...REPORT, sections: [{ ...REPORT.sections[0]!, charts: [{ ...chart, name: 'a b' }] }] };
    expect(() => buildReportHtml(bad, SCRIPTS)).toThrow(/must match/);
  });

  it('keeps a spec string holding </script> from closing the data block', () => {
    const sneaky = matchupHeatmapSpec({ ...heatmapInput, title: '</script><b>x' });
    const page = buildReportHtml(
      {
        ...REPORT,
        sections: [{ ...REPORT.sections[0]!, charts: [{ name: 'm', spec: sneaky, caption: 'c' }] }],
      },
      SCRIPTS,
    );
    expect(page).not.toContain('</script><b>x');
    expect(page).toContain('\\u003c/script>\\u003cb>x');
  });
});

describe('page helpers', () => {
  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('breaks every </script inside inlined library code', () => {
    expect(scriptSafe('a="</script>";b="</SCRIPT"')).toBe('a="<\\/script>";b="<\\/SCRIPT"');
  });
});
