/** Issue #36 item 2 (decision 220): kits on the part page and in the admin's product editor. */
export const kitsCopy = {
  /** The part page. */
  title: "What's in the kit",
  stockFollows: 'Kit: stock follows its parts',
  stockFollowsHint: 'You can buy as many kits as its scarcest part allows. Each part is booked from stock when you order.',
  partsList: 'Parts in this kit',
  line: (quantity: string, name: string) => `${quantity} × ${name}`,
  partNumber: 'Part no.',
  inStock: 'In stock',
  outOfStock: 'Out of stock',
  /** The admin's editor. */
  editorTitle: 'Kit parts',
  editorIntro:
    'Make this product a kit of parts the shop sells: its stock is then the number of kits its parts make, and an order books each part. Remove every row and save to make it a plain part again.',
  editorNone: 'This product is not a kit. Add the parts it is made of to make it one.',
  editorNoOwnStock: 'A product with stock of its own cannot become a kit: book its units out (Adjust stock) first.',
  sku: 'Part number',
  skuLabel: (n: number) => `Part number of kit part ${n}`,
  quantity: 'Pieces per kit',
  quantityLabel: (n: number) => `Pieces per kit of part ${n}`,
  remove: (n: number) => `Remove kit part ${n}`,
  add: 'Add a part',
  save: 'Save kit parts',
  saved: (sku: string, parts: number) => `${sku} is now a kit of ${parts} ${parts === 1 ? 'part' : 'parts'}.`,
  unkitted: (sku: string) => `${sku} is no longer a kit.`,
  /** An order's kit line (decision 220): what it was made of when bought. */
  lineIncludes: (parts: string) => `Includes ${parts}`,
  linePart: (quantity: string, name: string, sku: string) => `${quantity} × ${name} (${sku})`,
  /** The product form's stock box of a kit. */
  stockReadOnly: "A kit's stock is its parts' stock: change theirs instead.",
} as const;
