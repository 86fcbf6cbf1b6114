/**
 * The analytics' charts (`GET /analytics/charts`, issue 29 "Charts"), drawn with recharts 3 (SVG,
 * clean on React 18): proceeds and people by month against last year, proceeds by direction (an
 * application counts under each direction of its city — said under the chart) and by source. Readable
 * without colour: this year's bars are solid and last year's hatched, this year's people a solid line
 * and last year's a dashed one, the legend shows each as drawn, and the ranked bars carry their sums
 * as labels. Axes in roubles (shared/format.ts), Russian month names.
 */
import { H4, NonIdealState, NonIdealStateIconSize } from '@blueprintjs/core';
import type { AnalyticsCharts as Charts } from '@shared/analytics/analytics';
import { OFFICE_SOURCE } from '@shared/applications/list';
import { formatMoney, formatMoneyAxis, formatNumber } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import { MONTH_NAMES } from '@shared/resources/agency-report';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ComposedChart, LabelList, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';

const C = MESSAGES.analytics.charts;
/** Blueprint's blue and orange: apart in hue and in lightness, so they stay apart in grey too. */
const MONEY = '#2d72d2';
const PEOPLE = '#c87619';
const HATCH = 'analytics-hatch';
const AXIS_TICK = { fontSize: 12, fill: '#5f6b7c' };

/** `2026-03` → `мар` on the axis (with the year when the period spans years), `март 2026` in the tooltip. */
function monthNames(month: string, withYear: boolean) {
  const name = MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month;
  const year = month.slice(0, 4);
  return { short: withYear ? `${name.slice(0, 3)} ${year.slice(2)}` : name.slice(0, 3), full: `${name} ${year}` };
}

const MONEY_KEYS = new Set(['proceeds', 'proceeds_last_year']);

function ByMonth({ months }: { months: Charts['by_month'] }) {
  const years = new Set(months.map((month) => month.month.slice(0, 4)));
  const data = months.map((month) => ({
    ...monthNames(month.month, years.size > 1),
    proceeds: month.proceeds,
    proceeds_last_year: month.proceeds_last_year,
    people: month.people,
    people_last_year: month.people_last_year,
  }));
  return (
    <figure className="analytics-chart analytics-chart-wide" data-testid="analytics-chart-month">
      <H4>{C.byMonth}</H4>
      <ComposedChart responsive style={{ width: '100%', height: 280 }} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <defs>
          <pattern id={HATCH} patternUnits="userSpaceOnUse" width={6} height={6} patternTransform="rotate(45)">
            <rect width={6} height={6} fill="#ffffff" />
            <line x1={0} y1={0} x2={0} y2={6} stroke={MONEY} strokeWidth={3} />
          </pattern>
        </defs>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="short" tick={AXIS_TICK} />
        <YAxis yAxisId="money" tickFormatter={formatMoneyAxis} tick={AXIS_TICK} width={88} />
        <YAxis
          yAxisId="people"
          orientation="right"
          allowDecimals={false}
          tickFormatter={(value: number) => formatNumber(value)}
          tick={AXIS_TICK}
          width={56}
          label={{ value: C.people, angle: 90, position: 'insideRight', style: AXIS_TICK }}
        />
        <Tooltip
          labelFormatter={(_, payload) => (payload?.[0]?.payload as { full?: string } | undefined)?.full ?? ''}
          formatter={(value, _name, item) => (MONEY_KEYS.has(String(item.dataKey)) ? formatMoney(Number(value)) : formatNumber(Number(value)))}
        />
        <Legend content={<MonthLegend />} />
        <Bar yAxisId="money" dataKey="proceeds" name={C.proceeds} fill={MONEY} legendType="rect" />
        <Bar yAxisId="money" dataKey="proceeds_last_year" name={C.proceedsLastYear} fill={`url(#${HATCH})`} stroke={MONEY} legendType="rect" />
        <Line yAxisId="people" dataKey="people" name={C.people} stroke={PEOPLE} strokeWidth={2} dot={{ r: 3, fill: PEOPLE }} legendType="plainline" />
        <Line yAxisId="people" dataKey="people_last_year" name={C.peopleLastYear} stroke={PEOPLE} strokeWidth={2} strokeDasharray="6 4" dot={false} legendType="plainline" />
      </ComposedChart>
    </figure>
  );
}

/**
 * The month chart's legend, each series drawn as the chart draws it (solid bar, hatched bar, solid
 * line with dots, dashed line), its name in one colour beside it — recharts' own names its icons in
 * English for screen readers; these are decoration beside the Russian names.
 */
function MonthLegend() {
  const swatch = (shape: ReactNode) => (
    <svg width={22} height={12} aria-hidden>
      {shape}
    </svg>
  );
  const items: [string, ReactNode][] = [
    [C.proceeds, <rect key="r" x={3} y={1} width={16} height={10} fill={MONEY} />],
    [C.proceedsLastYear, <rect key="r" x={3} y={1} width={16} height={10} fill={`url(#${HATCH})`} stroke={MONEY} />],
    [C.people, <g key="l"><line x1={1} y1={6} x2={21} y2={6} stroke={PEOPLE} strokeWidth={2} /><circle cx={11} cy={6} r={3} fill={PEOPLE} /></g>],
    [C.peopleLastYear, <line key="l" x1={1} y1={6} x2={21} y2={6} stroke={PEOPLE} strokeWidth={2} strokeDasharray="6 4" />],
  ];
  return (
    <ul className="analytics-legend">
      {items.map(([name, shape]) => (
        <li key={name}>
          {swatch(shape)}
          {name}
        </li>
      ))}
    </ul>
  );
}

/** Sums by name as horizontal bars, each labelled with its sum (one series: nothing hangs on colour). */
function RankedBars({ title, rows, note, testId }: { title: string; rows: { name: string; proceeds: number }[]; note?: string; testId: string }) {
  return (
    <figure className="analytics-chart" data-testid={testId}>
      <H4>{title}</H4>
      {rows.length === 0 ? (
        <p className="bp6-text-muted">{C.empty}</p>
      ) : (
        <BarChart responsive layout="vertical" style={{ width: '100%', height: 48 + rows.length * 30 }} data={rows} margin={{ top: 4, right: 112, bottom: 4, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tickFormatter={formatMoneyAxis} tick={AXIS_TICK} />
          <YAxis type="category" dataKey="name" width={150} tick={AXIS_TICK} interval={0} />
          <Tooltip formatter={(value) => formatMoney(Number(value))} />
          <Bar dataKey="proceeds" name={C.proceeds} fill={MONEY} barSize={18}>
            <LabelList dataKey="proceeds" position="right" formatter={(value) => formatMoney(Number(value))} style={{ fontSize: 12, fill: '#1c2127' }} />
          </Bar>
        </BarChart>
      )}
      {note && <figcaption className="bp6-text-muted analytics-chart-note">{note}</figcaption>}
    </figure>
  );
}

/** Nothing to draw: no month has proceeds or people, and no direction or source has a sum. */
const isEmpty = (charts: Charts) =>
  charts.by_month.every((month) => month.proceeds === 0 && month.proceeds_last_year === 0 && month.people === 0 && month.people_last_year === 0) &&
  charts.by_direction.length === 0 &&
  charts.by_source.length === 0;

export function AnalyticsCharts({ charts, sources }: { charts: Charts; sources: { id: string; name: string }[] }) {
  // Said small: the table under it says the same at full size when no application is chosen.
  if (isEmpty(charts)) return <NonIdealState className="analytics-charts-empty" icon="timeline-bar-chart" iconSize={NonIdealStateIconSize.SMALL} layout="horizontal" title={C.empty} />;
  const sourceName = (id: string) => (id === OFFICE_SOURCE ? MESSAGES.applications.officeSource : (sources.find((source) => source.id === id)?.name ?? id));
  return (
    <section className="analytics-charts" aria-label={C.byMonth}>
      <ByMonth months={charts.by_month} />
      <RankedBars
        testId="analytics-chart-direction"
        title={C.byDirection}
        note={C.byDirectionNote}
        rows={charts.by_direction.map((row) => ({ name: row.name, proceeds: row.proceeds }))}
      />
      <RankedBars testId="analytics-chart-source" title={C.bySource} rows={charts.by_source.map((row) => ({ name: sourceName(row.source), proceeds: row.proceeds }))} />
    </section>
  );
}
