import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { navCopy } from '@shop/shared/copy/nav';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { shop } from '@shop/shared/content';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/identity/auth-context';
import { CloseIcon, MenuIcon } from '../../components/ui/icons';
import { ThemeToggle } from '../../features/theme/components/theme-toggle';
import { SearchBox } from '../../features/search/components/search-box';
import { CartLink } from '../../features/cart/components/cart-link';
import { CategoryMenu } from '../../features/catalog/components/category-menu';

interface NavItem {
  to: string;
  label: string;
  /** Path prefix that marks the item as the current section. */
  section: string;
}

/** Spec §2 navigation bar, in its order. The mobile menu always links Dashboard to My Orders (spec). */
function navItems({ signedIn, admin, mobile }: { signedIn: boolean; admin: boolean; mobile: boolean }): NavItem[] {
  const items: NavItem[] = [
    { to: paths.home, label: navCopy.home, section: paths.home },
    { to: paths.products, label: navCopy.products, section: paths.products },
  ];
  if (signedIn) {
    items.push({ to: admin && !mobile ? paths.manageOrders : paths.myOrders, label: navCopy.dashboard, section: paths.dashboard });
  }
  items.push({ to: paths.portfolio, label: navCopy.portfolio, section: paths.portfolio }, { to: paths.blog, label: navCopy.blog, section: paths.blog });
  return items;
}

function isCurrent(pathname: string, item: NavItem): boolean {
  if (item.section === paths.home) return pathname === paths.home || pathname === paths.root;
  return pathname === item.section || pathname.startsWith(`${item.section}/`);
}

const avatarFallback = '/images/avatar-default.svg';

export function Navbar() {
  const { user, loading, admin, logout } = useAuth();
  const { pathname, key: locationKey } = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuPanel = useRef<HTMLDivElement>(null);

  // A followed link closes the phone menu, also one to the same page with other parameters (a category, issue #39).
  useEffect(() => {
    setMenuOpen(false);
  }, [locationKey]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menuPanel.current?.contains(target) && !menuButton.current?.contains(target)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [menuOpen]);

  const signedIn = Boolean(user);
  const displayName = user ? user.displayName || user.email.split('@')[0] : '';

  const handleLogout = async () => {
    setMenuOpen(false);
    await logout();
    navigate(paths.home);
  };

  const desktopItems = navItems({ signedIn, admin, mobile: false });
  const mobileItems = navItems({ signedIn, admin, mobile: true });

  const linkClass = (current: boolean) =>
    `relative whitespace-nowrap rounded-field px-2 py-2 text-sm font-semibold uppercase tracking-wider xl:px-3 transition-colors hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
      current ? 'text-primary after:absolute after:inset-x-2 after:-bottom-0.5 xl:after:inset-x-3 after:h-0.5 after:rounded-full after:bg-accent' : ''
    }`;

  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav aria-label={storefrontCopy.mainNav} className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Link
          to={paths.home}
          className="flex h-16 min-w-0 items-center gap-2 rounded-field min-[400px]:shrink-0 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary"
        >
          <img src="/images/logo.svg" width={40} height={40} alt="" className="size-9 min-[400px]:size-10" />
          {/* A 375 px phone fits the name beside the cart, theme and menu buttons only in the smaller size (issue #24 note). */}
          <span className="truncate font-display text-[13px] font-bold uppercase leading-none min-[400px]:text-lg min-[400px]:tracking-wide sm:text-xl">
            {shop.name}
          </span>
        </Link>

        <ul className="ml-4 hidden items-center gap-1 lg:flex xl:ml-8">
          {desktopItems.map((item) => {
            const current = isCurrent(pathname, item);
            return (
              <Fragment key={item.label}>
                <li>
                  <NavLink to={item.to} className={linkClass(current)} aria-current={current ? 'page' : undefined} end>
                    {item.label}
                  </NavLink>
                </li>
                {/* Issue #39 item 9: the part categories, beside Products, where the bar has room for them (from 1280 px;
                    between 1024 and 1280 px the signed-in bar is full, and /products has the category filter). */}
                {item.to === paths.products && (
                  <li className="hidden xl:block">
                    <CategoryMenu variant="bar" />
                  </li>
                )}
              </Fragment>
            );
          })}
        </ul>

        <div className="ml-auto flex items-center min-[400px]:gap-1 sm:gap-2">
          <div className="hidden items-center gap-2 lg:flex">
            {loading ? (
              <span className="skeleton h-9 w-24 rounded-field" aria-hidden="true" />
            ) : user ? (
              <>
                <Link to={paths.profile} className="btn btn-ghost btn-sm h-10 max-w-56 gap-2 px-2 normal-case" title={displayName}>
                  <img
                    src={user.photoURL || avatarFallback}
                    width={28}
                    height={28}
                    alt=""
                    className="size-7 rounded-full bg-base-300 object-cover"
                    referrerPolicy="no-referrer"
                  />
                  {/* Below 1536 px only the avatar shows (the Categories menu took the room at 1280, issue #39); the name stays the link's accessible name. */}
                  <span className="sr-only 2xl:not-sr-only 2xl:truncate">{displayName}</span>
                </Link>
                <button type="button" className="btn btn-outline btn-sm h-10 px-4 text-sm font-semibold uppercase tracking-wider" onClick={handleLogout}>
                  {navCopy.logout}
                </button>
              </>
            ) : (
              <NavLink to={paths.login} className="btn btn-primary btn-sm h-10 px-5 text-sm font-semibold uppercase tracking-wider">
                {navCopy.login}
              </NavLink>
            )}
          </div>
          <CartLink />
          <ThemeToggle />
          <button
            ref={menuButton}
            type="button"
            className="btn btn-circle btn-ghost lg:hidden"
            aria-label={menuOpen ? storefrontCopy.closeMenu : navCopy.openMenu}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
          </button>
        </div>
      </nav>
      {/* The part search (issue #9): its own row under the bar at every width, so the links, the cart and the
          account buttons keep the room they had, whatever the length of the customer's name. */}
      <div className="mx-auto max-w-7xl px-4 pb-3 sm:px-6 lg:px-8">
        <SearchBox className="w-full lg:mx-auto lg:max-w-2xl" />
      </div>

      {menuOpen && (
        <div ref={menuPanel} id={menuId} className="absolute inset-x-0 top-full border-b border-base-300 bg-base-100 shadow-xl lg:hidden">
          <nav aria-label={storefrontCopy.mobileNav} className="mx-auto max-w-7xl px-4 pb-6 pt-2 sm:px-6">
            <ul className="flex flex-col">
              {mobileItems.map((item) => {
                const current = isCurrent(pathname, item);
                return (
                  <Fragment key={item.label}>
                    <li className="border-b border-base-300">
                      <NavLink
                        to={item.to}
                        end
                        aria-current={current ? 'page' : undefined}
                        className={`flex min-h-12 items-center px-2 font-display text-lg font-bold uppercase tracking-wide hover:text-primary ${current ? 'text-primary' : ''}`}
                      >
                        {item.label}
                      </NavLink>
                    </li>
                    {item.to === paths.products && (
                      <li className="border-b border-base-300">
                        <CategoryMenu variant="panel" />
                      </li>
                    )}
                  </Fragment>
                );
              })}
            </ul>
            <div className="mt-4 flex flex-col gap-3">
              {loading ? null : user ? (
                <>
                  <Link to={paths.profile} className="flex items-center gap-3 rounded-box bg-base-200 p-3 font-semibold">
                    <img
                      src={user.photoURL || avatarFallback}
                      width={40}
                      height={40}
                      alt=""
                      className="size-10 rounded-full bg-base-300 object-cover"
                      referrerPolicy="no-referrer"
                    />
                    <span className="truncate">{displayName}</span>
                  </Link>
                  <button type="button" className="btn btn-outline" onClick={handleLogout}>
                    {navCopy.logout}
                  </button>
                </>
              ) : (
                <Link to={paths.login} className="btn btn-primary">
                  {navCopy.login}
                </Link>
              )}
            </div>
          </nav>
        </div>
      )}
    </header>
  );
}
