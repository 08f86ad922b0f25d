import type { DashboardCards } from '@bagshop/shared/insight-types';
import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import type { IconType } from 'react-icons';
import { FiPackage, FiRotateCcw, FiShoppingBag, FiTrendingUp, FiUserPlus } from 'react-icons/fi';
import { LuIndianRupee } from 'react-icons/lu';
import { rupees } from '../../../components/price.tsx';

const count = new Intl.NumberFormat('en-IN');
const units = (n: number) => `${count.format(n)} ${n === 1 ? 'unit' : 'units'}`;

interface Figure {
  label: string;
  value: string;
  note: ReactNode;
  icon: IconType;
}

function figuresOf(cards: DashboardCards): Figure[] {
  return [
    { label: 'Sales', value: rupees(cards.sales), note: 'Paid, after refunds', icon: LuIndianRupee },
    { label: 'Orders', value: count.format(cards.orders), note: 'Paid in the period', icon: FiShoppingBag },
    { label: 'Items sold', value: count.format(cards.itemsSold), note: 'Units kept by customers', icon: FiPackage },
    { label: 'New customers', value: count.format(cards.newCustomers), note: 'Registered', icon: FiUserPlus },
    {
      label: 'Average order value',
      value: rupees(cards.averageOrderValue),
      note: 'Sales per paid order',
      icon: FiTrendingUp,
    },
    {
      label: 'Returns',
      value: units(cards.returns.units),
      note: `Worth ${rupees(cards.returns.amount)}`,
      icon: FiRotateCcw,
    },
  ];
}

/** The six headline figures of the period; one per row on a phone. */
export function SummaryCards({ cards }: { cards: DashboardCards }) {
  return (
    <ul className="row g-3 list-unstyled mb-4" aria-label="Summary">
      {figuresOf(cards).map(({ label, value, note, icon: Icon }) => (
        <li key={label} className="col-12 col-sm-6 col-xl-4" data-testid={`card-${label}`}>
          <Card className="h-100 border-0 shadow-sm">
            <Card.Body className="d-flex align-items-start gap-3">
              <span className="rounded-circle bg-light text-brand p-2 lh-1" aria-hidden="true">
                <Icon size={20} />
              </span>
              <div style={{ minWidth: 0 }}>
                <p className="text-muted small mb-1">{label}</p>
                <p className="h4 mb-1 text-break">{value}</p>
                <p className="small text-muted mb-0">{note}</p>
              </div>
            </Card.Body>
          </Card>
        </li>
      ))}
    </ul>
  );
}
