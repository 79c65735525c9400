import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Overview } from '@shop/shared/schemas/overview';
import { formatPrice } from '../../../components/ui/price';
import { dateTimeFormat } from '@shop/shared/intl';
import { formatCount } from '@shop/shared/intl';

const shortDay = dateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const label = (iso: string) => shortDay.format(new Date(`${iso}T00:00:00Z`));

/**
 * Issue #25 item 7 (decision 164): daily gross sales (goods without tax) as bars (recharts). The colours come from the theme's
 * variables, so the chart reads in light and dark; the figures it shows are also in the page's text.
 */
export default function RevenueChart({ daily }: { daily: Overview['daily'] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={daily} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false} tabIndex={-1}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--color-base-300)" vertical={false} />
        <XAxis dataKey="date" tickFormatter={label} tick={{ fill: 'var(--color-base-content)', fontSize: 12 }} minTickGap={16} />
        <YAxis tickFormatter={(v: number) => `$${formatCount(v)}`} tick={{ fill: 'var(--color-base-content)', fontSize: 12 }} width={72} />
        <Tooltip
          formatter={(value) => [formatPrice(Number(value)), 'Gross sales']}
          labelFormatter={(value) => label(String(value))}
          contentStyle={{ background: 'var(--color-base-100)', border: '1px solid var(--color-base-300)', color: 'var(--color-base-content)' }}
          cursor={{ fill: 'var(--color-base-200)' }}
        />
        <Bar dataKey="grossSales" fill="var(--color-primary)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
