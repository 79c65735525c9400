/**
 * The portfolio page: the team behind the shop, its skills, and the
 * open-source projects the shop is built on (spec §2, DESIGN §8). A team
 * profile, not a person's biography.
 */
export const teamProfile = {
  title: 'The Team Behind the Shop',
  role: 'In-house web team · Torque & Throttle Parts',
  image: '/images/team.svg',
  summary: [
    'We are the small in-house team that designs, builds and runs this shop: developers who ride, and parts specialists who know which sprocket fits which bike.',
    'We build for workshops and dealers ordering in bulk, so we care about fast pages, clear prices, accessible forms that work with a keyboard and a screen reader, and payments that are checked on the server.',
  ],
  facts: [
    { label: 'Based in', value: 'Dayton, Ohio' },
    { label: 'Builds', value: 'Web shop, ordering and payments' },
    { label: 'Works with', value: 'Open-source software' },
  ],
};

export interface SkillGroup {
  title: string;
  skills: string[];
}

export const skillGroups: SkillGroup[] = [
  { title: 'Front end', skills: ['TypeScript', 'React', 'React Router', 'TanStack Query', 'Forms & validation', 'Tailwind CSS'] },
  { title: 'Back end', skills: ['Node.js', 'Fastify', 'REST API design', 'PostgreSQL', 'Drizzle ORM', 'Authentication'] },
  { title: 'Quality', skills: ['Unit & API testing', 'End-to-end testing', 'Accessibility (WCAG 2.1 AA)', 'Web performance', 'Security reviews'] },
  { title: 'Commerce', skills: ['Card payments', 'Bulk pricing', 'Inventory & stock', 'Order fulfilment', 'Parts fitment'] },
];

export interface OpenSourceProject {
  name: string;
  href: string;
  use: string;
  area: 'Web app' | 'Server' | 'Testing';
}

export const openSourceProjects: OpenSourceProject[] = [
  { name: 'React', href: 'https://react.dev/', use: 'Builds every screen of the shop from components.', area: 'Web app' },
  { name: 'Vite', href: 'https://vite.dev/', use: 'Bundles the web app and splits it into small per-page chunks.', area: 'Web app' },
  { name: 'React Router', href: 'https://reactrouter.com/', use: 'Maps each address to its page and loads pages on demand.', area: 'Web app' },
  { name: 'TanStack Query', href: 'https://tanstack.com/query', use: 'Fetches, caches and refreshes products, reviews and orders.', area: 'Web app' },
  { name: 'React Hook Form', href: 'https://react-hook-form.com/', use: 'Runs our forms with little re-rendering.', area: 'Web app' },
  { name: 'Zod', href: 'https://zod.dev/', use: 'One set of validation rules shared by the browser and the server.', area: 'Web app' },
  { name: 'Tailwind CSS', href: 'https://tailwindcss.com/', use: 'Utility-first styling for a consistent look.', area: 'Web app' },
  { name: 'daisyUI', href: 'https://daisyui.com/', use: 'Component classes and the light and dark themes.', area: 'Web app' },
  { name: 'React-Toastify', href: 'https://fkhadra.github.io/react-toastify/', use: 'The confirmation and error messages in the corner.', area: 'Web app' },
  { name: 'Fastify', href: 'https://fastify.dev/', use: 'The fast, schema-validated HTTP server behind the shop.', area: 'Server' },
  { name: 'Drizzle ORM', href: 'https://orm.drizzle.team/', use: 'Type-safe SQL queries and database migrations.', area: 'Server' },
  { name: 'Better Auth', href: 'https://www.better-auth.com/', use: 'Sign-in with e-mail and password or Google, sessions and roles.', area: 'Server' },
  { name: 'PostgreSQL', href: 'https://www.postgresql.org/', use: 'The database for products, orders and accounts in production.', area: 'Server' },
  { name: 'PGlite', href: 'https://pglite.dev/', use: 'PostgreSQL embedded in the server, so the shop starts without a database server.', area: 'Server' },
  { name: 'Vitest', href: 'https://vitest.dev/', use: 'Unit, component and API tests.', area: 'Testing' },
  { name: 'Testing Library', href: 'https://testing-library.com/', use: 'Component tests that use the page the way a customer does.', area: 'Testing' },
  { name: 'Playwright', href: 'https://playwright.dev/', use: 'End-to-end tests of whole journeys in a real browser.', area: 'Testing' },
  { name: 'axe-core', href: 'https://github.com/dequelabs/axe-core', use: 'Automated accessibility checks of every page.', area: 'Testing' },
];

export const portfolioCopy = {
  pageTitle: 'Portfolio',
  skillsTitle: 'Skills',
  skillsSubtitle: 'What the team brings to the workbench',
  projectsTitle: 'Built on Open Source',
  projectsSubtitle: 'The shop stands on the shoulders of these projects. Thank you to their maintainers.',
  visit: (name: string) => `Visit ${name}`,
  newTab: '(opens in a new tab)',
};
