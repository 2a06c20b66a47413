import type { ReactNode } from "react";
import { scaleBars } from "../core/chart";

/**
 * Server-rendered SVG charts: no chart library, no client JavaScript (docs/decisions/005-…).
 * Every chart has a title and a data table fallback for screen readers.
 */
interface ChartProps {
  title: string;
  data: { label: string; value: number }[];
  format: (value: number) => string;
  testId?: string;
}

/** A chart's frame: its caption, the drawing, and the same numbers as a table for screen readers. */
function ChartFigure({ title, testId, table, children }: { title: string; testId?: string; table: ReactNode; children: ReactNode }) {
  return (
    <figure className="min-w-0" data-testid={testId}>
      <figcaption className="mb-2 text-sm font-semibold text-slate-300">{title}</figcaption>
      {children}
      {table}
    </figure>
  );
}

export function HorizontalBarChart({ title, data, format, testId }: ChartProps) {
  const { bars } = scaleBars(data);
  const rowHeight = 28;
  const height = Math.max(1, bars.length) * rowHeight;
  return (
    <ChartFigure title={title} testId={testId} table={<DataTable title={title} data={data} format={format} />}>
      <svg viewBox={`0 0 400 ${height}`} width="100%" role="img" aria-label={title} className="block">
        {bars.map((bar, index) => (
          <g key={`${bar.label}-${index}`} transform={`translate(0 ${index * rowHeight})`}>
            <rect x={0} y={4} width={Math.max(1, bar.share * 250)} height={rowHeight - 10} rx={3} className="fill-cyan-500/70" />
            <text x={Math.max(1, bar.share * 250) + 6} y={rowHeight / 2 + 3} className="fill-slate-200 text-[11px]">
              {format(bar.value)}
            </text>
            <text x={400} y={rowHeight / 2 + 3} textAnchor="end" className="fill-slate-400 text-[11px]">
              {bar.label.length > 22 ? `${bar.label.slice(0, 21)}…` : bar.label}
            </text>
          </g>
        ))}
      </svg>
    </ChartFigure>
  );
}

export function ColumnChart({ title, data, format, testId }: ChartProps) {
  const { bars } = scaleBars(data);
  const width = 400;
  const height = 140;
  const plot = height - 20;
  const step = bars.length ? width / bars.length : width;
  return (
    <ChartFigure
      title={title}
      testId={testId}
      table={<DataTable title={title} data={data.filter((item) => item.value > 0)} format={format} />}
    >
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={title} className="block">
        <line x1={0} x2={width} y1={plot} y2={plot} className="stroke-slate-700" />
        {bars.map((bar, index) => (
          <rect
            key={bar.label}
            x={index * step + step * 0.15}
            y={plot - bar.share * plot}
            width={step * 0.7}
            height={bar.share * plot}
            className="fill-purple-500/70"
          >
            <title>{`${bar.label}: ${format(bar.value)}`}</title>
          </rect>
        ))}
        {bars.length ? (
          <>
            <text x={0} y={height - 4} className="fill-slate-500 text-[10px]">
              {bars[0]!.label}
            </text>
            <text x={width} y={height - 4} textAnchor="end" className="fill-slate-500 text-[10px]">
              {bars.at(-1)!.label}
            </text>
          </>
        ) : null}
      </svg>
    </ChartFigure>
  );
}

function DataTable({ title, data, format }: Omit<ChartProps, "testId">) {
  return (
    // A table cannot be narrower than its content, so the screen-reader copy is clipped by a div.
    <div className="sr-only">
      <table>
        <caption>{title}</caption>
        <tbody>
          {data.map((item, index) => (
            <tr key={`${item.label}-${index}`}>
              <th scope="row">{item.label}</th>
              <td>{format(item.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
