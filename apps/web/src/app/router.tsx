import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { ProductDetailsPage } from '../features/catalogue/pages/product-details-page.tsx';
import { ShopPage } from '../features/catalogue/pages/shop-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { ErrorPage } from './error-page.tsx';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { lazyPage, PageFallback } from './lazy-page.tsx';
import { StorefrontLayout } from './storefront-layout.tsx';

const AdminLayout = lazyPage(
  () => import('./admin-layout.tsx'),
  (m) => m.AdminLayout,
);
const DashboardPage = lazyPage(
  () => import('../features/admin-insight/pages/dashboard-page.tsx'),
  (m) => m.DashboardPage,
);
const AboutPage = lazyPage(
  () => import('../features/about/about-page.tsx'),
  (m) => m.AboutPage,
);
const AccountPage = lazyPage(
  () => import('../features/account/pages/account-page.tsx'),
  (m) => m.AccountPage,
);
const AddAddressPage = lazyPage(
  () => import('../features/account/pages/add-address-page.tsx'),
  (m) => m.AddAddressPage,
);
const EditAddressPage = lazyPage(
  () => import('../features/account/pages/edit-address-page.tsx'),
  (m) => m.EditAddressPage,
);
const EditProfilePage = lazyPage(
  () => import('../features/account/pages/edit-profile-page.tsx'),
  (m) => m.EditProfilePage,
);
const AuditPage = lazyPage(
  () => import('../features/admin-audit/pages/audit-page.tsx'),
  (m) => m.AuditPage,
);
const AdminCategoriesPage = lazyPage(
  () => import('../features/admin-categories/pages/categories-page.tsx'),
  (m) => m.AdminCategoriesPage,
);
const CategoryFormPage = lazyPage(
  () => import('../features/admin-categories/pages/category-form-page.tsx'),
  (m) => m.CategoryFormPage,
);
const ContactInboxPage = lazyPage(
  () => import('../features/admin-contact/pages/inbox-page.tsx'),
  (m) => m.ContactInboxPage,
);
const CouponFormPage = lazyPage(
  () => import('../features/admin-coupons/pages/coupon-form-page.tsx'),
  (m) => m.CouponFormPage,
);
const AdminCouponsPage = lazyPage(
  () => import('../features/admin-coupons/pages/coupons-page.tsx'),
  (m) => m.AdminCouponsPage,
);
const SalesReportPage = lazyPage(
  () => import('../features/admin-insight/pages/sales-report-page.tsx'),
  (m) => m.SalesReportPage,
);
const GstReturnsPage = lazyPage(
  () => import('../features/admin-gst/pages/gst-returns-page.tsx'),
  (m) => m.GstReturnsPage,
);
const ImportPage = lazyPage(
  () => import('../features/admin-import/pages/import-page.tsx'),
  (m) => m.ImportPage,
);
const SearchAdminPage = lazyPage(
  () => import('../features/admin-search/pages/search-page.tsx'),
  (m) => m.SearchPage,
);
const OfferFormPage = lazyPage(
  () => import('../features/admin-offers/pages/offer-form-page.tsx'),
  (m) => m.OfferFormPage,
);
const AdminOffersPage = lazyPage(
  () => import('../features/admin-offers/pages/offers-page.tsx'),
  (m) => m.AdminOffersPage,
);
const AdminOrderPage = lazyPage(
  () => import('../features/admin-orders/pages/admin-order-page.tsx'),
  (m) => m.AdminOrderPage,
);
const AdminOrdersPage = lazyPage(
  () => import('../features/admin-orders/pages/admin-orders-page.tsx'),
  (m) => m.AdminOrdersPage,
);
const ProductFormPage = lazyPage(
  () => import('../features/admin-products/pages/product-form-page.tsx'),
  (m) => m.ProductFormPage,
);
const AdminProductsPage = lazyPage(
  () => import('../features/admin-products/pages/products-page.tsx'),
  (m) => m.AdminProductsPage,
);
const AdminUsersPage = lazyPage(
  () => import('../features/admin-users/pages/admin-users-page.tsx'),
  (m) => m.AdminUsersPage,
);
const AdminTransactionPage = lazyPage(
  () => import('../features/admin-wallets/pages/transaction-page.tsx'),
  (m) => m.AdminTransactionPage,
);
const AdminWalletsPage = lazyPage(
  () => import('../features/admin-wallets/pages/wallets-page.tsx'),
  (m) => m.AdminWalletsPage,
);
const ChangePasswordPage = lazyPage(
  () => import('../features/auth/pages/change-password-page.tsx'),
  (m) => m.ChangePasswordPage,
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/pages/forgot-password-page.tsx'),
  (m) => m.ForgotPasswordPage,
);
const GoogleCallbackPage = lazyPage(
  () => import('../features/auth/pages/google-callback-page.tsx'),
  (m) => m.GoogleCallbackPage,
);
const LoginPage = lazyPage(
  () => import('../features/auth/pages/login-page.tsx'),
  (m) => m.LoginPage,
);
const RegisterPage = lazyPage(
  () => import('../features/auth/pages/register-page.tsx'),
  (m) => m.RegisterPage,
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/pages/reset-password-page.tsx'),
  (m) => m.ResetPasswordPage,
);
const VerifyEmailChangePage = lazyPage(
  () => import('../features/auth/pages/verify-email-change-page.tsx'),
  (m) => m.VerifyEmailChangePage,
);
const VerifyEmailPage = lazyPage(
  () => import('../features/auth/pages/verify-email-page.tsx'),
  (m) => m.VerifyEmailPage,
);
const VerifyOtpPage = lazyPage(
  () => import('../features/auth/pages/verify-otp-page.tsx'),
  (m) => m.VerifyOtpPage,
);
const VerifyOtpPasswordPage = lazyPage(
  () => import('../features/auth/pages/verify-otp-password-page.tsx'),
  (m) => m.VerifyOtpPasswordPage,
);
const CartPage = lazyPage(
  () => import('../features/cart/pages/cart-page.tsx'),
  (m) => m.CartPage,
);
const CheckoutPage = lazyPage(
  () => import('../features/checkout/pages/checkout-page.tsx'),
  (m) => m.CheckoutPage,
);
const ContactPage = lazyPage(
  () => import('../features/contact/contact-page.tsx'),
  (m) => m.ContactPage,
);
const MyOrdersPage = lazyPage(
  () => import('../features/orders/pages/my-orders-page.tsx'),
  (m) => m.MyOrdersPage,
);
const OrderDetailsPage = lazyPage(
  () => import('../features/orders/pages/order-details-page.tsx'),
  (m) => m.OrderDetailsPage,
);
const OrderFailurePage = lazyPage(
  () => import('../features/orders/pages/order-failure-page.tsx'),
  (m) => m.OrderFailurePage,
);
const ConfirmCodPage = lazyPage(
  () => import('../features/orders/pages/confirm-cod-page.tsx'),
  (m) => m.ConfirmCodPage,
);
const OrderSuccessPage = lazyPage(
  () => import('../features/orders/pages/order-success-page.tsx'),
  (m) => m.OrderSuccessPage,
);
const PendingOrderPage = lazyPage(
  () => import('../features/orders/pages/pending-order-page.tsx'),
  (m) => m.PendingOrderPage,
);
const TrackPage = lazyPage(
  () => import('../features/track/pages/track-page.tsx'),
  (m) => m.TrackPage,
);
const ReferralsPage = lazyPage(
  () => import('../features/referrals/pages/referrals-page.tsx'),
  (m) => m.ReferralsPage,
);
const WalletPage = lazyPage(
  () => import('../features/wallet/pages/wallet-page.tsx'),
  (m) => m.WalletPage,
);
const ShippingPolicyPage = lazyPage(
  () => import('../features/policies/pages/shipping-page.tsx'),
  (m) => m.ShippingPolicyPage,
);
const RefundsPolicyPage = lazyPage(
  () => import('../features/policies/pages/refunds-page.tsx'),
  (m) => m.RefundsPolicyPage,
);
const PrivacyPolicyPage = lazyPage(
  () => import('../features/policies/pages/privacy-page.tsx'),
  (m) => m.PrivacyPolicyPage,
);
const TermsPage = lazyPage(
  () => import('../features/policies/pages/terms-page.tsx'),
  (m) => m.TermsPage,
);
const WishlistPage = lazyPage(
  () => import('../features/wishlist/pages/wishlist-page.tsx'),
  (m) => m.WishlistPage,
);

/**
 * Every route of docs/product.md §2. The storefront's landing pages (home, shop, details) are in the first
 * download; every other screen, the whole administrator area with it, loads when it is first opened
 * (docs/decisions/023-storefront-first-load.md).
 */
export const routes: RouteObject[] = [
  {
    element: <StorefrontLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/verify-otp', element: <VerifyOtpPage /> },
      { path: '/auth/google/callback', element: <GoogleCallbackPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/verify-otp-password', element: <VerifyOtpPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/shop-products', element: <ShopPage /> },
      { path: '/details/:id', element: <ProductDetailsPage /> },
      { path: '/policies/shipping', element: <ShippingPolicyPage /> },
      { path: '/policies/cancellations-and-refunds', element: <RefundsPolicyPage /> },
      { path: '/policies/privacy', element: <PrivacyPolicyPage /> },
      { path: '/policies/terms', element: <TermsPage /> },
      { path: '/confirm-cod', element: <ConfirmCodPage /> },
      { path: '/track', element: <TrackPage /> },
      // Who runs the shop and how to reach it: for anyone, signed in or not.
      { path: '/about', element: <AboutPage /> },
      { path: '/contact', element: <ContactPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/account', element: <AccountPage /> },
          { path: '/account/edit', element: <EditProfilePage /> },
          { path: '/account/add-address', element: <AddAddressPage /> },
          { path: '/account/edit-address/:id', element: <EditAddressPage /> },
          { path: '/change-password', element: <ChangePasswordPage /> },
          { path: '/verify-email', element: <VerifyEmailPage /> },
          { path: '/account/verify-email-change', element: <VerifyEmailChangePage /> },
          { path: '/account/referrals/:id', element: <ReferralsPage /> },
          { path: '/wishlist', element: <WishlistPage /> },
          { path: '/wallet', element: <WalletPage /> },
          { path: '/cart', element: <CartPage /> },
          { path: '/checkout', element: <CheckoutPage /> },
          { path: '/mine', element: <MyOrdersPage /> },
          { path: '/order-success', element: <OrderSuccessPage /> },
          { path: '/order-failure', element: <OrderFailurePage /> },
          { path: '/pending/order-details/:id', element: <PendingOrderPage /> },
          { path: '/order-details/:id', element: <OrderDetailsPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: '/admin',
    element: <RequireAdmin />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: (
          <Suspense fallback={<PageFallback />}>
            <AdminLayout />
          </Suspense>
        ),
        children: [
          { path: 'user', element: <AdminUsersPage /> },
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'sales-report', element: <SalesReportPage /> },
          { path: 'gst', element: <GstReturnsPage /> },
          { path: 'messages', element: <ContactInboxPage /> },
          { path: 'audit', element: <AuditPage /> },
          { path: 'search', element: <SearchAdminPage /> },
          { path: 'category', element: <AdminCategoriesPage /> },
          { path: 'category/add', element: <CategoryFormPage /> },
          { path: 'category/edit/:id', element: <CategoryFormPage /> },
          { path: 'products', element: <AdminProductsPage /> },
          { path: 'products/add', element: <ProductFormPage /> },
          { path: 'products/import', element: <ImportPage /> },
          { path: 'products/edit/:id', element: <ProductFormPage /> },
          { path: 'orders', element: <AdminOrdersPage /> },
          { path: 'orders/edit/:id', element: <AdminOrderPage /> },
          { path: 'coupons', element: <AdminCouponsPage /> },
          { path: 'coupons/add', element: <CouponFormPage /> },
          { path: 'coupons/edit/:id', element: <CouponFormPage /> },
          { path: 'offers', element: <AdminOffersPage /> },
          { path: 'offers/add', element: <OfferFormPage /> },
          { path: 'offers/edit/:id', element: <OfferFormPage /> },
          { path: 'wallets', element: <AdminWalletsPage /> },
          { path: 'wallets/edit/:transactionId', element: <AdminTransactionPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
