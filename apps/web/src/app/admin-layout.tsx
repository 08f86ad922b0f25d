import { GST_MSG } from '@bagshop/shared/schemas/gst';
import { SEARCH_MSG } from '@bagshop/shared/schemas/search';
import { Suspense, useState } from 'react';
import { Button, Nav, Offcanvas } from 'react-bootstrap';
import {
  FiBarChart2,
  FiBookOpen,
  FiCreditCard,
  FiFileText,
  FiGift,
  FiGrid,
  FiList,
  FiLogOut,
  FiMail,
  FiMenu,
  FiPackage,
  FiPercent,
  FiSearch,
  FiShoppingCart,
  FiUsers,
} from 'react-icons/fi';
import { NavLink, Outlet } from 'react-router';
import { UnreadMessagesBadge } from '../features/admin-contact/components/unread-badge.tsx';
import { TestModeRibbon } from '../features/shop-settings/test-mode-ribbon.tsx';
import { PageFallback } from './lazy-page.tsx';
import { useLogout } from './use-logout.ts';

const ENTRIES = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: FiBarChart2 },
  { to: '/admin/products', label: 'Products', icon: FiPackage },
  { to: '/admin/category', label: 'Category', icon: FiGrid },
  { to: '/admin/orders', label: 'Orders', icon: FiShoppingCart },
  { to: '/admin/coupons', label: 'Coupons', icon: FiGift },
  { to: '/admin/offers', label: 'Offers', icon: FiPercent },
  { to: '/admin/wallets', label: 'Wallets', icon: FiCreditCard },
  { to: '/admin/user', label: 'User', icon: FiUsers },
  { to: '/admin/sales-report', label: 'Sales Report', icon: FiFileText },
  { to: '/admin/gst', label: GST_MSG.title, icon: FiBookOpen },
  { to: '/admin/messages', label: 'Messages', icon: FiMail, badge: UnreadMessagesBadge },
  { to: '/admin/search', label: SEARCH_MSG.screenTitle, icon: FiSearch },
  { to: '/admin/audit', label: 'Audit Log', icon: FiList },
];

function AdminMenu({ onNavigate }: { onNavigate?: () => void }) {
  const logout = useLogout();
  return (
    <Nav className="flex-column admin-menu" as="ul">
      {ENTRIES.map(({ to, label, icon: Icon, badge: Badge }) => (
        <Nav.Item as="li" key={to}>
          <Nav.Link as={NavLink} to={to} onClick={onNavigate}>
            <Icon aria-hidden="true" className="me-2" />
            {label}
            {Badge && <Badge />}
          </Nav.Link>
        </Nav.Item>
      ))}
      <Nav.Item as="li">
        <Nav.Link as="button" type="button" className="btn btn-link text-start w-100" onClick={logout}>
          <FiLogOut aria-hidden="true" className="me-2" />
          Logout
        </Nav.Link>
      </Nav.Item>
    </Nav>
  );
}

/** docs/product.md §2 admin menu: a fixed sidebar on large screens, a slide-out drawer on small ones. */
export function AdminLayout() {
  const [open, setOpen] = useState(false);
  return (
    <div className="admin-shell">
      <TestModeRibbon />
      <aside className="admin-sidebar d-none d-lg-flex flex-column" aria-label="Admin menu">
        <p className="brand-mark px-3 pt-3 h5">Bag Shop Admin</p>
        <AdminMenu />
      </aside>
      <header className="admin-topbar d-lg-none d-flex align-items-center gap-2 px-3 py-2 border-bottom">
        <Button variant="outline-brand" size="sm" onClick={() => setOpen(true)} aria-label="Open admin menu">
          <FiMenu aria-hidden="true" />
        </Button>
        <span className="brand-mark fw-semibold">Bag Shop Admin</span>
      </header>
      <Offcanvas show={open} onHide={() => setOpen(false)} placement="start" aria-labelledby="admin-drawer-title">
        <Offcanvas.Header closeButton closeLabel="Close admin menu">
          <Offcanvas.Title id="admin-drawer-title">Bag Shop Admin</Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>
          <AdminMenu onNavigate={() => setOpen(false)} />
        </Offcanvas.Body>
      </Offcanvas>
      <main id="main" className="admin-main p-3 p-lg-4">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
