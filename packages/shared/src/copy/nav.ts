export const navCopy = {
  home: 'Home',
  products: 'Products',
  dashboard: 'Dashboard',
  portfolio: 'Portfolio',
  blog: 'Blog',
  login: 'Login',
  logout: 'Logout',
  themeToggle: 'Toggle light/dark theme',
  openMenu: 'Open menu',
} as const;
