import type { TopEntry } from '@bagshop/shared/insight-types';
import { Card, Table } from 'react-bootstrap';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { rupees } from '../../../components/price.tsx';
import { CHART_HEIGHT, CHART_START_SIZE, ChartFigure } from './chart-figure.tsx';
import { CHART_COLORS, LIVE_ANIMATION } from './sales-charts.tsx';

const count = new Intl.NumberFormat('en-IN');
const shortName = (name: string) => (name.length > 16 ? `${name.slice(0, 15)}…` : name);
/** As tall as its bars need, up to the other charts' height. */
const barsHeight = (bars: number) => Math.min(CHART_HEIGHT, 60 + 40 * Math.max(bars, 1));

/** The five categories that sold the most units, as horizontal bars. */
export function TopCategories({ entries }: { entries: TopEntry[] }) {
  const height = barsHeight(entries.length);
  return (
    <ChartFigure
      id="top-categories"
      title="Top 5 categories by units"
      rows={entries}
      rowKey={(e) => e.id}
      columns={[
        { header: 'Category', cell: (e) => e.name },
        { header: 'Units', cell: (e) => count.format(e.units) },
        { header: 'Revenue', cell: (e) => rupees(e.revenue) },
      ]}
    >
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: CHART_START_SIZE.width, height }}>
        <BarChart
          data={entries}
          layout="vertical"
          margin={{ top: 8, right: 12, bottom: 0, left: 4 }}
          aria-label="Top 5 categories by units"
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
          <YAxis type="category" dataKey="name" width={110} tick={{ fontSize: 12 }} tickFormatter={shortName} />
          <Tooltip formatter={(value) => count.format(Number(value))} />
          <Bar
            isAnimationActive={LIVE_ANIMATION}
            dataKey="units"
            name="Units"
            fill={CHART_COLORS.sales}
            maxBarSize={28}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** The five best products or brands with units and revenue. */
export function TopTable({ title, nameHeader, entries }: { title: string; nameHeader: string; entries: TopEntry[] }) {
  return (
    <Card className="border-0 shadow-sm h-100">
      <Table size="sm" className="mb-0 align-middle">
        <caption className="caption-top fw-semibold text-body px-3 pt-3">{title}</caption>
        <thead>
          <tr>
            <th scope="col" className="ps-3">
              {nameHeader}
            </th>
            <th scope="col" className="text-end">
              Units
            </th>
            <th scope="col" className="text-end pe-3">
              Revenue
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <th scope="row" className="ps-3 fw-normal text-break">
                {entry.name}
              </th>
              <td className="text-end">{count.format(entry.units)}</td>
              <td className="text-end pe-3 text-nowrap">{rupees(entry.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
