import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { AboutPage } from '../features/about/about-page.tsx';
import { AccountPage } from '../features/account/pages/account-page.tsx';
import { AddAddressPage } from '../features/account/pages/add-address-page.tsx';
import { EditAddressPage } from '../features/account/pages/edit-address-page.tsx';
import { EditProfilePage } from '../features/account/pages/edit-profile-page.tsx';
import { AuditPage } from '../features/admin-audit/pages/audit-page.tsx';
import { AdminCategoriesPage } from '../features/admin-categories/pages/categories-page.tsx';
import { CategoryFormPage } from '../features/admin-categories/pages/category-form-page.tsx';
import { ContactInboxPage } from '../features/admin-contact/pages/inbox-page.tsx';
import { CouponFormPage } from '../features/admin-coupons/pages/coupon-form-page.tsx';
import { AdminCouponsPage } from '../features/admin-coupons/pages/coupons-page.tsx';
import { SalesReportPage } from '../features/admin-insight/pages/sales-report-page.tsx';
import { OfferFormPage } from '../features/admin-offers/pages/offer-form-page.tsx';
import { AdminOffersPage } from '../features/admin-offers/pages/offers-page.tsx';
import { AdminOrderPage } from '../features/admin-orders/pages/admin-order-page.tsx';
import { AdminOrdersPage } from '../features/admin-orders/pages/admin-orders-page.tsx';
import { ProductFormPage } from '../features/admin-products/pages/product-form-page.tsx';
import { AdminProductsPage } from '../features/admin-products/pages/products-page.tsx';
import { AdminUsersPage } from '../features/admin-users/pages/admin-users-page.tsx';
import { AdminTransactionPage } from '../features/admin-wallets/pages/transaction-page.tsx';
import { AdminWalletsPage } from '../features/admin-wallets/pages/wallets-page.tsx';
import { ChangePasswordPage } from '../features/auth/pages/change-password-page.tsx';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page.tsx';
import { GoogleCallbackPage } from '../features/auth/pages/google-callback-page.tsx';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { RegisterPage } from '../features/auth/pages/register-page.tsx';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page.tsx';
import { VerifyEmailChangePage } from '../features/auth/pages/verify-email-change-page.tsx';
import { VerifyEmailPage } from '../features/auth/pages/verify-email-page.tsx';
import { VerifyOtpPage } from '../features/auth/pages/verify-otp-page.tsx';
import { VerifyOtpPasswordPage } from '../features/auth/pages/verify-otp-password-page.tsx';
import { CartPage } from '../features/cart/pages/cart-page.tsx';
import { ProductDetailsPage } from '../features/catalogue/pages/product-details-page.tsx';
import { ShopPage } from '../features/catalogue/pages/shop-page.tsx';
import { CheckoutPage } from '../features/checkout/pages/checkout-page.tsx';
import { ContactPage } from '../features/contact/contact-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { MyOrdersPage } from '../features/orders/pages/my-orders-page.tsx';
import { OrderDetailsPage } from '../features/orders/pages/order-details-page.tsx';
import { OrderFailurePage } from '../features/orders/pages/order-failure-page.tsx';
import { OrderSuccessPage } from '../features/orders/pages/order-success-page.tsx';
import { PendingOrderPage } from '../features/orders/pages/pending-order-page.tsx';
import { ReferralsPage } from '../features/referrals/pages/referrals-page.tsx';
import { WalletPage } from '../features/wallet/pages/wallet-page.tsx';
import { WishlistPage } from '../features/wishlist/pages/wishlist-page.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { ErrorPage } from './error-page.tsx';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { StorefrontLayout } from './storefront-layout.tsx';

/** Every route of docs/product.md §2. */
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
      {
        element: <RequireAuth />,
        children: [
          { path: '/about', element: <AboutPage /> },
          { path: '/contact', element: <ContactPage /> },
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
        element: <AdminLayout />,
        children: [
          { path: 'user', element: <AdminUsersPage /> },
          {
            path: 'dashboard',
            // The charts library is loaded only by administrators who open the dashboard.
            lazy: async () => ({
              Component: (await import('../features/admin-insight/pages/dashboard-page.tsx')).DashboardPage,
            }),
          },
          { path: 'sales-report', element: <SalesReportPage /> },
          { path: 'messages', element: <ContactInboxPage /> },
          { path: 'audit', element: <AuditPage /> },
          { path: 'category', element: <AdminCategoriesPage /> },
          { path: 'category/add', element: <CategoryFormPage /> },
          { path: 'category/edit/:id', element: <CategoryFormPage /> },
          { path: 'products', element: <AdminProductsPage /> },
          { path: 'products/add', element: <ProductFormPage /> },
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
