import { html, type Html } from './html.ts';

/**
 * A bar chart as inline SVG, drawn on the server from numbers only (no script, nothing fetched): one bar per
 * day. It has a title and description for screen readers; the page also gives the numbers as a table.
 */
export function dailyBarChart(days: { day: string; value: number }[], label: string): Html {
  const width = 720;
  const height = 200;
  const left = 40;
  const bottom = 24;
  const top = 12;
  const max = Math.max(1, ...days.map((d) => d.value));
  const slot = (width - left) / Math.max(1, days.length);
  const plot = height - bottom - top;
  const total = days.reduce((sum, d) => sum + d.value, 0);
  return html`<svg class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title chart-desc" xmlns="http://www.w3.org/2000/svg">
    <title id="chart-title">${label}</title>
    <desc id="chart-desc">${days.length} days from ${days[0]?.day ?? ''} to ${days.at(-1)?.day ?? ''}; ${total} in all; at most ${max} on one day.</desc>
    <line class="axis" x1="${left}" y1="${height - bottom}" x2="${width}" y2="${height - bottom}"></line>
    <line class="axis" x1="${left}" y1="${top}" x2="${left}" y2="${height - bottom}"></line>
    <text x="${left - 6}" y="${top + 4}" text-anchor="end">${max}</text>
    <text x="${left - 6}" y="${height - bottom}" text-anchor="end">0</text>
    ${days.map((d, i) => {
      const h = (d.value / max) * plot;
      const x = left + i * slot + slot * 0.15;
      return html`<rect class="bar-rect" x="${x.toFixed(1)}" y="${(height - bottom - h).toFixed(1)}" width="${(slot * 0.7).toFixed(1)}" height="${h.toFixed(1)}"><title>${d.day}: ${d.value}</title></rect>`;
    })}
    ${days.map((d, i) => {
      // (The last day's label ends at the right edge, so that it is never cut off there.)
      const last = i === days.length - 1;
      if (!last && i % 5 !== 0) return '';
      const x = last ? width : left + i * slot + slot / 2;
      return html`<text x="${x.toFixed(1)}" y="${height - 6}" text-anchor="${last ? 'end' : 'middle'}">${d.day.slice(5)}</text>`;
    })}
  </svg>`;
}
