import type { OrderDto } from '@bagshop/shared/order-types';
import { ITEM_STATUSES, type ItemStatus } from '@bagshop/shared/orders';
import { ORDER_SORTS, type OrderSort } from '@bagshop/shared/schemas/admin-lists';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Form, Table } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { useOrderEvents } from '../../../api/socket.ts';
import {
  type BulkSelection,
  SelectAllBox,
  SelectRowBox,
  useBulkSelection,
} from '../../../components/bulk-selection.tsx';
import { EmailText } from '../../../components/email-text.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { ListPageFrame, listCount } from '../../../components/list-page-frame.tsx';
import { EmptyState, LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { orderDate, PAYMENT_METHOD_LABELS } from '../../../components/order-rules.ts';
import { rupees } from '../../../components/price.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { SortHeader, sortableBy } from '../../../components/sort-header.tsx';
import { ListViewTools, type SortOption } from '../../../components/sort-select.tsx';
import { OrderStatusBadge, PaymentStatusBadge } from '../../../components/status-badge.tsx';
import {
  pageFromParam,
  SEARCH_DELAY_MS,
  urlWithQuery,
  useClampPage,
  useListView,
} from '../../../components/use-list-params.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useAdminOrdersQuery } from '../api.ts';
import { BulkShipBar } from '../components/bulk-ship-bar.tsx';
import { adminOrderError } from '../item-controls.ts';

const isItemStatus = (value: string): value is ItemStatus => (ITEM_STATUSES as readonly string[]).includes(value);

/** /admin/orders — every order, newest first unless sorted: search, item status filter, 6/25/50/100 a page, CSV. */
export function AdminOrdersPage() {
  usePageTitle('Orders');
  const [params, setParams] = useSearchParams();
  const searchTerm = params.get('searchTerm') ?? '';
  const rawStatus = params.get('status') ?? '';
  const status = isItemStatus(rawStatus) ? rawStatus : '';
  const page = pageFromParam(params.get('page'));
  const [search, setSearch] = useState(searchTerm);
  const view = useListView(ORDER_SORTS);
  const { data, error, isLoading, isFetching, refetch } = useAdminOrdersQuery(
    {
      searchTerm: searchTerm || undefined,
      status: status || undefined,
      page,
      limit: view.pageSize,
      sort: view.sort,
      dir: view.dir,
    },
    { refetchOnMountOrArgChange: true },
  );
  useOrderEvents(null, () => refetch());
  useClampPage(page, data?.pages);
  const selection = useBulkSelection(data?.orders.map((order) => order._id) ?? []);

  const update = useCallback(
    (changes: Record<string, string>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  useEffect(() => {
    const typed = search.trim();
    if (typed === searchTerm) return;
    const timer = setTimeout(() => update({ searchTerm: typed, page: '1' }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, searchTerm, update]);

  let body: ReactNode;
  if (isLoading) {
    body = <LoadingState text="Loading orders…" />;
  } else if (error || !data) {
    body = <LoadFailed className="m-3" message={adminOrderError(error)} onRetry={refetch} retrying={isFetching} />;
  } else if (data.orders.length === 0) {
    body = <EmptyState title="No orders found" />;
  } else {
    body = (
      <>
        <BulkShipBar selection={selection} orders={data.orders} />
        <OrdersTable orders={data.orders} view={view} selection={selection} />
      </>
    );
  }

  return (
    <ListPageFrame
      title="Orders"
      summary={data ? listCount(data.total, ['order', 'orders']) : null}
      refreshing={isFetching}
      tools={
        <div className="d-flex flex-wrap gap-2 admin-list-tools">
          <SearchBox
            id="admin-orders-search"
            className="admin-list-search"
            label="Search orders by order number, customer or item"
            placeholder="Order number, customer or item"
            value={search}
            onChange={setSearch}
          />
          <Form.Group controlId="admin-orders-status">
            <Form.Label className="visually-hidden">Item status</Form.Label>
            <Form.Select value={status} onChange={(e) => update({ status: e.target.value, page: '1' })}>
              <option value="">All statuses</option>
              {ITEM_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <ListViewTools idPrefix="admin-orders" options={ORDER_SORT_OPTIONS} view={view} />
          <ExportButton
            url={urlWithQuery('/api/orders/admin/orders/export', {
              searchTerm: searchTerm || undefined,
              status: status || undefined,
              sort: view.sort,
              dir: view.dir,
            })}
            fileName="orders.csv"
          />
        </div>
      }
      paging={data ? { page, pages: data.pages, onChange: (next) => update({ page: String(next) }) } : null}
    >
      {body}
    </ListPageFrame>
  );
}

/** The columns the list sorts by, as the headings and the phone's sort control name them. */
const ORDER_SORT_OPTIONS: SortOption<OrderSort>[] = [
  { column: 'createdAt', label: 'Date', kind: 'date' },
  { column: 'orderId', label: 'Order', kind: 'text' },
  { column: 'customer', label: 'Customer', kind: 'text' },
  { column: 'total', label: 'Total', kind: 'number' },
];

interface OrdersTableProps {
  orders: OrderDto[];
  view: Pick<ReturnType<typeof useListView<OrderSort>>, 'sort' | 'dir' | 'sortBy'>;
  selection: BulkSelection;
}

function OrdersTable({ orders, view, selection }: OrdersTableProps) {
  const sortable = sortableBy(view);
  return (
    <>
      <Table hover className="align-middle mb-0 d-none d-md-table">
        <thead>
          <tr>
            <th scope="col">
              <SelectAllBox selection={selection} label="Select all orders on this page" />
            </th>
            <SortHeader column="orderId" label="Order" {...sortable} />
            <SortHeader column="createdAt" label="Date" {...sortable} />
            <SortHeader column="customer" label="Customer" {...sortable} />
            <th scope="col">Items</th>
            <SortHeader column="total" label="Total" className="text-end" {...sortable} />
            <th scope="col">Payment</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id}>
              <td>
                <SelectRowBox selection={selection} id={order._id} name={`order ${order.orderId}`} />
              </td>
              <td className="fw-semibold">{order.orderId}</td>
              <td>{orderDate(order.createdAt)}</td>
              <td>
                {order.userId.name}
                <EmailText email={order.userId.email} className="d-block small text-muted" />
              </td>
              <td>{order.items.reduce((sum, i) => sum + i.qty, 0)}</td>
              <td className="text-end">{rupees(order.finalAmount)}</td>
              <td>
                <div className="small">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</div>
                <PaymentStatusBadge status={order.paymentStatus} />
              </td>
              <td>
                <OrderStatusBadge status={order.status} />
              </td>
              <td>
                <ViewLink order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <ul className="list-unstyled d-md-none mb-0" aria-label="Orders">
        {orders.map((order) => (
          <li key={order._id} className="admin-order-row">
            <div className="d-flex justify-content-between gap-2">
              <span className="d-flex gap-2 fw-semibold">
                <SelectRowBox selection={selection} id={order._id} name={`order ${order.orderId}`} />
                {order.orderId}
              </span>
              <span>{rupees(order.finalAmount)}</span>
            </div>
            <div className="small text-muted">
              {orderDate(order.createdAt)} · {order.userId.name}
            </div>
            <div className="d-flex flex-wrap align-items-center gap-2 mt-1">
              <OrderStatusBadge status={order.status} labelled />
              <PaymentStatusBadge status={order.paymentStatus} labelled />
              <span className="ms-auto">
                <ViewLink order={order} />
              </span>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function ViewLink({ order }: { order: OrderDto }) {
  return (
    <Link
      to={`/admin/orders/edit/${encodeURIComponent(order._id)}`}
      className="btn btn-sm btn-outline-brand"
      aria-label={`View order ${order.orderId}`}
    >
      View
    </Link>
  );
}
