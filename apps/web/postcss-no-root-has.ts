/**
 * daisyUI styles the page's root from what it holds: `:root:has(input.theme-controller[value=dark]:checked)` for its
 * theme inputs, `:root:has(.modal[open])` to stop the page scrolling under an open modal. With such a rule the browser
 * re-checks the root, and restyles the page, at every change anywhere in it: each element React or boot.js inserts
 * while a page starts cost 2 to 8 ms of style work, and a part page lost 100 to 300 ms of a phone's Total Blocking Time
 * to them (issue #23).
 *
 * The shop has no theme inputs (the theme is `<html data-theme>`, decision 060), and its one modal marks the root
 * itself while it is open (`data-modal-open`, components/ui/modal.tsx; styles.css locks the scroll). So each
 * `:root:has(…)` becomes `:root:is(…)`: the same specificity, and it never matches (the root is no input or modal).
 */
export function noRootHas() {
  return {
    postcssPlugin: 'no-root-has',
    Rule(rule: { selector: string }) {
      if (rule.selector.includes(':root:has(')) rule.selector = rule.selector.replaceAll(':root:has(', ':root:is(');
    },
  };
}
