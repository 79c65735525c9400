import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Navbar } from './navbar';
import { Footer } from './footer';
import { CartSync } from '../../features/cart/components/cart-sync';
import { GarageSync } from '../../features/garage/components/garage-sync';
import { SignUpWelcome } from '../../features/identity/components/sign-up-welcome';
import { TestModeBanner } from '../../features/payments/components/test-mode-banner';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-base-100 focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {navigation.state === 'loading' && <div className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-accent" aria-hidden="true" />}
      <CartSync />
      <GarageSync />
      <SignUpWelcome />
      <TestModeBanner />
      <Navbar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
