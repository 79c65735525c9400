import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { authCopy } from '@shop/shared/copy/auth';
import { cartCopy } from '@shop/shared/copy/cart';
import { homeCopy } from '@shop/shared/copy/home';
import { navCopy } from '@shop/shared/copy/nav';
import { notFoundCopy } from '@shop/shared/copy/not-found';
import { pageMetaCopy } from '@shop/shared/copy/page-meta';
import { searchCopy } from '@shop/shared/copy/search';
import { shop } from '@shop/shared/content';
import { renderWithProviders } from '../../testing/render-with-providers';
import { fakeApi, notFound } from '../../testing/fake-api';
import { makeProducts } from '../../testing/fixtures';
import { PageHead } from '../../components/ui/page-head';
import { setSiteOrigin } from '../../lib/site-origin';
import HomePage from './home';
import ProductsPage from './products';
import SearchRoute from './search';
import BlogPage from './blog';
import PortfolioPage from './portfolio';
import LegalPage from './legal';
import LoginPage from './login';
import RegisterPage from './register';
import CartPage from './cart';
import NotFoundPage from './not-found';
import ForgotPasswordPage from './forgot-password';
import ResetPasswordPage from './reset-password';

/** Issue #10 ("Findable"): every public page has its own title, description, canonical address and Open Graph tags. */

const head = () => ({
  title: document.title,
  descriptions: Array.from(document.head.querySelectorAll('meta[name="description"]')).map((m) => m.getAttribute('content')),
  canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
  robots: document.head.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
  og: Object.fromEntries(
    Array.from(document.head.querySelectorAll('meta[property^="og:"]')).map((m) => [m.getAttribute('property'), m.getAttribute('content')]),
  ),
});

function serve() {
  fakeApi((req) => {
    if (req.path === '/api/products' && req.query.get('page'))
      return { status: 200, body: { items: makeProducts(9), total: 30, page: Number(req.query.get('page')), limit: 9, pages: 4 } };
    if (req.path === '/api/reviews') return { status: 200, body: { items: [], total: 0, page: 1, limit: 20, pages: 0 } };
    if (req.path === '/api/search') return { status: 200, body: { items: [], total: 0, page: 1, limit: 9, pages: 1, facets: { categories: [], brands: [] } } };
    return notFound(req);
  });
}

const origin = window.location.origin;
const cases: { name: string; page: ReactElement; url: string; title: string; description: string; canonical: string | null; noindex?: boolean }[] = [
  { name: 'home', page: <HomePage />, url: '/', title: homeCopy.title, description: pageMetaCopy.home, canonical: `${origin}/` },
  {
    name: 'products',
    page: <ProductsPage />,
    url: '/products',
    title: navCopy.products,
    description: pageMetaCopy.products,
    canonical: `${origin}/products`,
  },
  {
    name: 'products, page 3',
    page: <ProductsPage />,
    url: '/products?page=3',
    title: navCopy.products,
    description: pageMetaCopy.productsPage(3),
    canonical: `${origin}/products?page=3`,
  },
  {
    name: 'search',
    page: <SearchRoute />,
    url: '/search?q=brake',
    title: `${searchCopy.title}: brake`,
    description: pageMetaCopy.searchFor('brake'),
    canonical: `${origin}/search`,
    noindex: true,
  },
  { name: 'blog', page: <BlogPage />, url: '/blog', title: 'Workshop Blog', description: pageMetaCopy.blog, canonical: `${origin}/blog` },
  { name: 'portfolio', page: <PortfolioPage />, url: '/portfolio', title: 'Portfolio', description: pageMetaCopy.portfolio, canonical: `${origin}/portfolio` },
  { name: 'legal', page: <LegalPage />, url: '/legal', title: 'Legal', description: pageMetaCopy.legal, canonical: `${origin}/legal` },
  { name: 'login', page: <LoginPage />, url: '/login', title: authCopy.loginTitle, description: pageMetaCopy.login, canonical: `${origin}/login` },
  {
    name: 'register',
    page: <RegisterPage />,
    url: '/register',
    title: authCopy.registerTitle,
    description: pageMetaCopy.register,
    canonical: `${origin}/register`,
  },
  { name: 'cart', page: <CartPage />, url: '/cart', title: cartCopy.title, description: pageMetaCopy.cart, canonical: `${origin}/cart`, noindex: true },
  {
    name: 'not found',
    page: <NotFoundPage />,
    url: '/no-such-page',
    title: notFoundCopy.title,
    description: pageMetaCopy.notFound,
    canonical: null,
    noindex: true,
  },
  {
    name: 'forgot password',
    page: <ForgotPasswordPage />,
    url: '/forgot-password',
    title: authCopy.forgotTitle,
    description: pageMetaCopy.forgotPassword,
    canonical: `${origin}/forgot-password`,
  },
  {
    name: 'reset password',
    page: <ResetPasswordPage />,
    url: '/reset-password?token=abc',
    title: authCopy.resetTitle,
    description: pageMetaCopy.resetPassword,
    canonical: `${origin}/reset-password`,
    noindex: true,
  },
];

const removeStaticDescriptions = () => document.head.querySelectorAll('meta[name="description"]').forEach((m) => m.remove());

describe('per-page head tags', () => {
  afterEach(removeStaticDescriptions);
  for (const c of cases) {
    it(`${c.name}: its own title, one description, canonical address and Open Graph tags`, async () => {
      // index.html's shop-wide description.
      document.head.insertAdjacentHTML('beforeend', '<meta name="description" content="The whole shop">');
      serve();
      const { unmount } = renderWithProviders(c.page, { url: c.url });
      const title = `${c.title} · ${shop.name}`;
      // All at once: a part of the page that suspends (a lazy chunk) takes the head tags away until it is back.
      await waitFor(() =>
        expect(head()).toEqual({
          title,
          descriptions: [c.description],
          canonical: c.canonical,
          robots: c.noindex ? 'noindex' : null,
          og: {
            'og:site_name': shop.name,
            'og:type': 'website',
            'og:title': title,
            'og:description': c.description,
            ...(c.canonical ? { 'og:url': c.canonical } : {}),
          },
        }),
      );
      unmount();
      // Leaving the page takes its tags away and brings the shop-wide description back.
      expect(head().descriptions).toEqual(['The whole shop']);
      expect(head().canonical).toBeNull();
    });
  }
});

describe('PageHead', () => {
  afterEach(() => {
    setSiteOrigin(undefined);
  });

  it('renders on a server: absolute addresses from the configured origin, relative without one', () => {
    setSiteOrigin('https://parts.example.com/');
    const html = renderToString(<PageHead title="Products" description="All parts" path="/products" image="/images/a.png" />);
    expect(html).toContain('<title>Products · Torque &amp; Throttle Parts</title>');
    expect(html).toContain('<link rel="canonical" href="https://parts.example.com/products"/>');
    expect(html).toContain('<meta property="og:image" content="https://parts.example.com/images/a.png"/>');
    const relative = renderToString(<PageHead title="Products" description="All parts" path="/products" origin="" />);
    expect(relative).toContain('<link rel="canonical" href="/products"/>');
  });
});
