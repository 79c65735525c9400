import { NavLink } from 'react-router';
import { copy } from '@shop/shared';

// PLACEHOLDER navbar: replaced by the public-shop work.
export function Navbar() {
  return (
    <nav className="navbar bg-base-200">
      <NavLink to="/home">{copy.nav.home}</NavLink>
    </nav>
  );
}
