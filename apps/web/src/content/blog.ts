/**
 * The blog's question-and-answer cards (spec §2). Each answer is short and
 * correct; `points` render as a list and `code` as a code sample.
 */
export interface BlogPost {
  id: string;
  question: string;
  answer: string[];
  points?: string[];
  code?: { label: string; text: string };
  takeaway: string;
}

export const blogIntro = {
  title: 'Workshop Blog',
  subtitle: 'Short answers to the questions we get most about the web technology behind this shop.',
  tocTitle: 'Questions',
};

export const blogPosts: BlogPost[] = [
  {
    id: 'react-performance',
    question: 'How can you improve the performance of a React application?',
    answer: [
      'Measure before you change anything: profile a production build with the React DevTools Profiler and check Core Web Vitals in Lighthouse, so you fix the slow part and not a guess.',
    ],
    points: [
      'Avoid needless re-renders: keep state close to where it is used, split large contexts, and memoise expensive children with React.memo, useMemo and useCallback (or let the React Compiler do it).',
      'Ship less JavaScript: split the bundle by route with lazy() and dynamic import(), and load heavy libraries only on the screens that need them.',
      'Render less: virtualise long lists so only the visible rows are in the DOM.',
      'Keep typing and clicking responsive: mark slow, non-urgent updates with useTransition or useDeferredValue.',
      'Fetch smarter: cache server data with a library such as TanStack Query, start requests in parallel instead of in waterfalls, and avoid refetching in effects.',
      'Optimise images: right-sized, compressed, lazy-loaded below the fold, with width and height set so the layout does not shift.',
    ],
    takeaway: 'Profile, fix the biggest cost, measure again.',
  },
  {
    id: 'state-management',
    question: 'What are the different ways to manage state in a React application?',
    answer: ['Different kinds of state need different tools. Pick the narrowest one that works:'],
    points: [
      'Local component state with useState or useReducer: form inputs, open/closed toggles.',
      'Lifted state passed down as props: when a few nearby components share a value.',
      'Context: values many components read but that change rarely, such as the theme or the signed-in user.',
      'Server state with a data-fetching cache (TanStack Query, SWR, RTK Query): loading and error states, caching, deduplication and refetching of data that lives on the server.',
      'A global client store (Redux Toolkit, Zustand, Jotai, MobX): complex client-only state shared across distant parts of the app.',
      'The URL: route and search parameters for state that should survive a reload or be shared as a link, like ?page=2 on our products page.',
      'Browser storage (localStorage, sessionStorage): preferences that must persist between visits, like your light or dark theme.',
    ],
    takeaway: 'Most apps need local state, a server-state cache and the URL; reach for a global store only when those do not fit.',
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work?',
    answer: [
      'Every JavaScript object has a hidden link, [[Prototype]], to another object or to null. When you read a property the object does not have itself, the engine looks it up on the prototype, then on the prototype’s prototype, and so on up the chain; if it reaches null, the result is undefined.',
      'Writing a property always creates or changes an own property on the object itself (unless a setter is found on the chain), so instances can override what they inherit. Methods placed on a prototype are shared by every object linked to it, which saves memory.',
      'Object.create(proto) makes an object with the given prototype. A function called with new links the new object to the function’s prototype property, and class syntax is a cleaner way to write the same thing: it does not introduce a different inheritance model.',
    ],
    code: {
      label: 'Looking a method up through the prototype chain',
      text: `const vehicle = {
  describe() {
    return \`\${this.name} has \${this.wheels} wheels\`;
  },
};

const bike = Object.create(vehicle);
bike.name = 'Apex 890 R';
bike.wheels = 2;

bike.describe();                          // 'Apex 890 R has 2 wheels'
Object.hasOwn(bike, 'describe');          // false: found on vehicle
Object.getPrototypeOf(bike) === vehicle;  // true`,
    },
    takeaway: 'Objects delegate missing properties to their prototype, all the way up the chain.',
  },
  {
    id: 'setting-state-directly',
    question: 'Why should you not set state directly, e.g. products = [...] instead of setProducts([...])?',
    answer: [
      'In a component, products is just a local constant holding the value React gave this render. Reassigning it changes nothing React knows about: no re-render is scheduled, the screen keeps showing the old list, and on the next render useState hands back the stored value, so your change is lost.',
      'Mutating the array in place (products.push(item)) and then calling setProducts(products) is also wrong: it is the same array, React compares the old and new value with Object.is, sees no change and may skip the update. Memoised children and effects that depend on the array never notice either.',
      'Call the setter with a new value instead. When the new state depends on the old one, pass an updater function so that several updates in a row, which React batches, all apply.',
    ],
    code: {
      label: 'Updating state the React way',
      text: `// Wrong: React is never told, the UI stays stale
products = [...products, newPart];
products.push(newPart);

// Right: a new array through the setter
setProducts((current) => [...current, newPart]);`,
    },
    takeaway: 'Treat state as read-only and always go through the setter with a new value.',
  },
  {
    id: 'unit-tests',
    question: 'What are unit tests, and why should you write them?',
    answer: [
      'A unit test is a small automated check of one unit of code, such as a function, a hook or a component, in isolation: given this input, expect that result. Unit tests run in milliseconds, so you can run hundreds of them on every change.',
    ],
    points: [
      'They catch regressions early: a change that breaks existing behaviour fails a test before a customer sees it.',
      'They make refactoring safe: you can restructure code and know at once whether it still behaves the same.',
      'They document intent: a test shows exactly how a piece of code is meant to be used and what it promises.',
      'They improve design: code that is hard to test is usually doing too much or is too tightly coupled.',
      'They are cheaper than manual checking and run in CI on every push.',
    ],
    code: {
      label: 'A unit test for this shop’s order price rule (Vitest)',
      text: `import { expect, test } from 'vitest';
import { orderPrice } from '@shop/shared/pricing';

test('price is unit price / minimum order × quantity', () => {
  // unitPrice 12.50, minOrder 10, quantity 40
  expect(orderPrice(12.5, 10, 40)).toBe(50);
});`,
    },
    takeaway: 'Test behaviour, not implementation details, and add integration and end-to-end tests for the paths that matter most.',
  },
];
