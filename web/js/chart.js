// chart.js - the page's small inline SVG charts: svg() makes an element in SVG's namespace (the
// review's chart of chances is drawn with it, review.js), lineChart() draws a line of points over
// a scale with its labels (a player's rating history, profile.js).

const NS = 'http://www.w3.org/2000/svg';

export function svg(tag, attrs = {}) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** A scale's round steps: ticks from lo to hi, about `n` of them. */
function ticks(lo, hi, n) {
  const raw = (hi - lo) / Math.max(1, n);
  const mag = 10 ** Math.floor(Math.log10(raw || 1));
  const step = [1, 2, 5, 10].map((k) => k * mag).find((s) => s >= raw) || raw;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(v);
  return out;
}

/**
 * A line chart: points [{y, band, title, data}] in order (x is their place), each drawn as a dot
 * with its title, the line through them, a band (y ± band) shaded behind when the points have
 * one, the scale's ticks and lines. o: {label (the picture's name for a screen reader), width,
 * height, class, min (the scale's floor, e.g. the rating's start), base (a line to mark)}.
 */
export function lineChart(points, o = {}) {
  const W = o.width || 560;
  const H = o.height || 180;
  const pad = { left: 44, right: 12, top: 12, bottom: 12 };
  const ys = points.flatMap((p) => [p.y - (p.band || 0), p.y + (p.band || 0)]);
  if (o.base !== undefined) ys.push(o.base);
  let lo = Math.min(...ys);
  let hi = Math.max(...ys);
  if (hi - lo < 40) {
    lo -= 20;
    hi += 20;
  }
  const margin = (hi - lo) * 0.06;
  lo -= margin;
  hi += margin;
  const x = (i) => pad.left + (points.length < 2 ? (W - pad.left - pad.right) / 2 : (i / (points.length - 1)) * (W - pad.left - pad.right));
  const y = (v) => pad.top + (1 - (v - lo) / (hi - lo)) * (H - pad.top - pad.bottom);
  const el = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: `line-chart ${o.class || ''}`.trim(), role: 'img', 'aria-label': o.label || '' });
  for (const v of ticks(lo, hi, 4)) {
    el.append(svg('line', { x1: pad.left, x2: W - pad.right, y1: y(v), y2: y(v), class: 'chart-grid' }));
    const text = svg('text', { x: pad.left - 6, y: y(v), class: 'chart-tick', 'text-anchor': 'end', 'dominant-baseline': 'middle' });
    text.textContent = String(Math.round(v));
    el.append(text);
  }
  if (o.base !== undefined) el.append(svg('line', { x1: pad.left, x2: W - pad.right, y1: y(o.base), y2: y(o.base), class: 'chart-base' }));
  if (points.some((p) => p.band)) {
    const upper = points.map((p, i) => `${x(i)},${y(p.y + (p.band || 0))}`);
    const lower = points.map((p, i) => `${x(i)},${y(p.y - (p.band || 0))}`).reverse();
    if (points.length === 1) {
      // one point: its band as a bar
      const w = 18;
      el.append(svg('rect', { x: x(0) - w / 2, y: y(points[0].y + points[0].band), width: w, height: y(points[0].y - points[0].band) - y(points[0].y + points[0].band), class: 'chart-band', rx: 4 }));
    } else {
      el.append(svg('polygon', { points: [...upper, ...lower].join(' '), class: 'chart-band' }));
    }
  }
  if (points.length > 1) el.append(svg('polyline', { points: points.map((p, i) => `${x(i)},${y(p.y)}`).join(' '), class: 'chart-line' }));
  points.forEach((p, i) => {
    const dot = svg('circle', { cx: x(i), cy: y(p.y), r: 4, class: 'chart-dot' });
    for (const [k, v] of Object.entries(p.data || {})) dot.setAttribute(`data-${k}`, String(v));
    if (p.title) {
      const title = svg('title');
      title.textContent = p.title;
      dot.append(title);
    }
    el.append(dot);
  });
  return el;
}
