import { createBrowserRouter, type RouteObject } from 'react-router';
import { AboutPage } from '../features/about/about-page.tsx';
import { AccountPage } from '../features/account/pages/account-page.tsx';
import { AddAddressPage } from '../features/account/pages/add-address-page.tsx';
import { EditAddressPage } from '../features/account/pages/edit-address-page.tsx';
import { EditProfilePage } from '../features/account/pages/edit-profile-page.tsx';
import { AdminUsersPage } from '../features/admin-users/pages/admin-users-page.tsx';
import { ChangePasswordPage } from '../features/auth/pages/change-password-page.tsx';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page.tsx';
import { GoogleCallbackPage } from '../features/auth/pages/google-callback-page.tsx';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { RegisterPage } from '../features/auth/pages/register-page.tsx';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page.tsx';
import { VerifyEmailPage } from '../features/auth/pages/verify-email-page.tsx';
import { VerifyOtpPage } from '../features/auth/pages/verify-otp-page.tsx';
import { VerifyOtpPasswordPage } from '../features/auth/pages/verify-otp-password-page.tsx';
import { ContactPage } from '../features/contact/contact-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { PlaceholderPage } from '../features/placeholder/placeholder-page.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { ErrorPage } from './error-page.tsx';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { StorefrontLayout } from './storefront-layout.tsx';

const soon = (path: string, title: string): RouteObject => ({ path, element: <PlaceholderPage title={title} /> });

/** Every route of spec §2. */
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
      soon('/shop-products', 'Shop'),
      soon('/details/:id', 'Product details'),
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
          soon('/account/referrals/:id', 'Referrals'),
          soon('/wishlist', 'Wishlist'),
          soon('/wallet', 'My Wallet'),
          soon('/cart', 'Shopping Cart'),
          soon('/checkout', 'Checkout'),
          soon('/mine', 'My Orders'),
          soon('/order-success', 'Thank You for your Order'),
          soon('/order-failure', 'Payment failed'),
          soon('/pending/order-details/:id', 'Order details'),
          soon('/order-details/:id', 'Order details'),
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
          soon('dashboard', 'Dashboard'),
          soon('sales-report', 'Sales report'),
          soon('category', 'Categories'),
          soon('category/add', 'Add category'),
          soon('category/edit/:id', 'Edit category'),
          soon('products', 'Products'),
          soon('products/add', 'Add product'),
          soon('products/edit/:id', 'Edit product'),
          soon('orders', 'Orders'),
          soon('orders/edit/:id', 'Order'),
          soon('coupons', 'Coupons'),
          soon('coupons/add', 'Add coupon'),
          soon('coupons/edit/:id', 'Edit coupon'),
          soon('offers', 'Offers'),
          soon('offers/add', 'ADD OFFER'),
          soon('offers/edit/:id', 'ADD OFFER'),
          soon('wallets', 'Wallets'),
          soon('wallets/edit/:transactionId', 'Transaction'),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
