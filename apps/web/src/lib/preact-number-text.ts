import { options } from 'preact';

/**
 * Preact 11.2 hydrates a server text node that merged a number with the text after it ("1." from `{i + 1}.`) by
 * comparing it loosely with the number: "1." == 1, so the node keeps "1." and the "." is added once more ("1..").
 * Numbers are handed to Preact as text, which it compares as text (decision 147).
 */
const next = options.vnode;
options.vnode = (vnode) => {
  if (vnode.type == null && typeof vnode.props === 'number') (vnode as { props: unknown }).props = String(vnode.props);
  next?.(vnode);
};
