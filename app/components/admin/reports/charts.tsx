/**
 * The reports' charts as plain SVG drawn by React on the server (decision 0014): no chart
 * library, nothing for the browser to compute, only this admin route's own script carries the
 * markup. Each chart is an image to a screen reader (`role="img"`) named by its `<title>` and
 * described by a `<desc>` that says what it shows in words; the table beneath holds every
 * figure. Bars are the shop's teal (#0f766e, 5.5:1 on white), a loss red (#b91c1c, 6.5:1); text
 * is stone-700 (#44403c, 10:1); each bar also has its own `<title>`, a tooltip with the figure.
 */
import { useId } from 'react';
import { labelEvery, niceTicks, takaShort, takaText } from './format';

const BAR = '#0f766e';
const LOSS = '#b91c1c';
const TEXT = '#44403c';
const GRID = '#e7e5e4';

export interface ChartPoint {
  /** The axis's label (short). */
  label: string;
  /** The tooltip's name for the point (longer). */
  name?: string;
  value: number;
}

interface ChartText {
  title: string;
  desc: string;
  testId?: string;
}

/** A column a period: sales over time. The axis is marked in taka; with few columns each is labelled with its figure. */
export function ColumnChart({ title, desc, points, testId }: ChartText & { points: ChartPoint[] }) {
  const id = useId();
  const width = 720;
  const height = 280;
  const left = 84;
  const right = 8;
  const top = 20;
  const bottom = 44;
  const values = points.map((p) => p.value);
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values));
  const lo = ticks[0]!;
  const hi = ticks[ticks.length - 1]!;
  const y = (v: number) => top + ((hi - v) / (hi - lo || 1)) * (height - top - bottom);
  const slot = (width - left - right) / Math.max(1, points.length);
  const barWidth = Math.max(2, Math.min(48, slot * 0.7));
  const every = labelEvery(points.length);
  const labelled = points.length <= 14;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}t ${id}d`} className="h-auto w-full" data-testid={testId} fontSize="12">
      <title id={`${id}t`}>{title}</title>
      <desc id={`${id}d`}>{desc}</desc>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={left} x2={width - right} y1={y(t)} y2={y(t)} stroke={t === 0 ? TEXT : GRID} strokeWidth={t === 0 ? 1 : 0.75} />
          <text x={left - 6} y={y(t) + 4} textAnchor="end" fill={TEXT}>
            {takaShort(t)}
          </text>
        </g>
      ))}
      {points.map((p, i) => {
        const x = left + i * slot + (slot - barWidth) / 2;
        const y0 = y(Math.max(0, p.value));
        const h = Math.abs(y(p.value) - y(0));
        return (
          <g key={p.label + i}>
            <rect x={x} y={y0} width={barWidth} height={Math.max(h, p.value === 0 ? 0 : 1)} fill={p.value < 0 ? LOSS : BAR}>
              <title>{`${p.name ?? p.label}: ${takaText(p.value)}`}</title>
            </rect>
            {labelled && p.value !== 0 && (
              <text x={x + barWidth / 2} y={p.value < 0 ? y(p.value) + 13 : y0 - 4} textAnchor="middle" fill={TEXT} fontSize="10">
                {takaShort(p.value)}
              </text>
            )}
            {i % every === 0 && (
              <text x={x + barWidth / 2} y={height - bottom + 16} textAnchor="middle" fill={TEXT}>
                {p.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

const clip = (text: string, most: number) => (text.length > most ? `${text.slice(0, most - 1)}…` : text);

/** A bar a name, longest first as given (a top-ten list): each labelled with its name and figure. */
export function BarChart({ title, desc, points, testId, format = takaText }: ChartText & { points: ChartPoint[]; format?: (v: number) => string }) {
  const id = useId();
  const width = 640;
  const row = 28;
  const labelWidth = 190;
  const valueRoom = 110;
  const height = Math.max(1, points.length) * row + 8;
  const max = Math.max(1, ...points.map((p) => Math.abs(p.value)));
  const barRoom = width - labelWidth - valueRoom;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}t ${id}d`} className="h-auto w-full" data-testid={testId} fontSize="12">
      <title id={`${id}t`}>{title}</title>
      <desc id={`${id}d`}>{desc}</desc>
      {points.map((p, i) => {
        const w = Math.max(p.value === 0 ? 0 : 2, (Math.abs(p.value) / max) * barRoom);
        const yMid = i * row + row / 2 + 4;
        return (
          <g key={p.label + i}>
            <text x={labelWidth - 8} y={yMid + 4} textAnchor="end" fill={TEXT}>
              {clip(p.label, 28)}
            </text>
            <rect x={labelWidth} y={yMid - 8} width={w} height={18} rx={2} fill={p.value < 0 ? LOSS : BAR}>
              <title>{`${p.name ?? p.label}: ${format(p.value)}`}</title>
            </rect>
            <text x={labelWidth + w + 6} y={yMid + 5} fill={TEXT} fontWeight="600">
              {format(p.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
