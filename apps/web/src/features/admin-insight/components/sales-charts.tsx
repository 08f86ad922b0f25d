import type { CustomersPoint, SalesPoint } from '@bagshop/shared/insight-types';
import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { rupees } from '../../../components/price.tsx';
import { CHART_HEIGHT, CHART_START_SIZE, ChartFigure } from './chart-figure.tsx';

export const CHART_COLORS = { sales: '#7a4a2a', orders: '#d9b48f', customers: '#4e7d5b' };
/** The figures refresh live as orders are paid: redrawing them without motion keeps the screen calm. */
export const LIVE_ANIMATION = false;

const compactRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const count = new Intl.NumberFormat('en-IN');

/** Sales (area, rupees) and paid orders (bars) per hour, day or month of the period. */
export function SalesOverTime({ points }: { points: SalesPoint[] }) {
  return (
    <ChartFigure
      id="sales-over-time"
      title="Sales over time"
      rows={points}
      rowKey={(p) => p.key}
      columns={[
        { header: 'Period', cell: (p) => p.label },
        { header: 'Sales', cell: (p) => rupees(p.sales) },
        { header: 'Orders', cell: (p) => count.format(p.orders) },
      ]}
    >
      <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={CHART_START_SIZE}>
        <ComposedChart data={points} margin={{ top: 8, right: 4, bottom: 0, left: 4 }} aria-label="Sales over time">
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={12} />
          <YAxis
            yAxisId="sales"
            tickFormatter={(v: number) => compactRupees.format(v)}
            tick={{ fontSize: 12 }}
            width={64}
          />
          <YAxis yAxisId="orders" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} width={32} />
          <Tooltip
            formatter={(value, name) => (name === 'Sales' ? rupees(Number(value)) : count.format(Number(value)))}
          />
          <Legend formatter={(value) => <span className="text-body">{value}</span>} />
          <Bar
            isAnimationActive={LIVE_ANIMATION}
            yAxisId="orders"
            dataKey="orders"
            name="Orders"
            fill={CHART_COLORS.orders}
            maxBarSize={24}
          />
          <Area
            isAnimationActive={LIVE_ANIMATION}
            yAxisId="sales"
            type="monotone"
            dataKey="sales"
            name="Sales"
            stroke={CHART_COLORS.sales}
            fill={CHART_COLORS.sales}
            fillOpacity={0.15}
            strokeWidth={2}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** Customers who registered, per hour, day or month of the period. */
export function NewCustomersOverTime({ points }: { points: CustomersPoint[] }) {
  return (
    <ChartFigure
      id="customers-over-time"
      title="New customers over time"
      rows={points}
      rowKey={(p) => p.key}
      columns={[
        { header: 'Period', cell: (p) => p.label },
        { header: 'New customers', cell: (p) => count.format(p.customers) },
      ]}
    >
      <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={CHART_START_SIZE}>
        <BarChart data={points} margin={{ top: 8, right: 4, bottom: 0, left: 4 }} aria-label="New customers over time">
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={12} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={32} />
          <Tooltip formatter={(value) => count.format(Number(value))} />
          <Bar
            isAnimationActive={LIVE_ANIMATION}
            dataKey="customers"
            name="New customers"
            fill={CHART_COLORS.customers}
            maxBarSize={28}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
