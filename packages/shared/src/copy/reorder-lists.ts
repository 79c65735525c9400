import { formatCount } from '../intl';
import { REORDER_LISTS_MAX, REORDER_LIST_MAX_LINES } from '../schemas/reorder-list';

/** Issue #37 item 3 (decision 207): saved reorder lists, on the order page and the quick order page. */
export const reorderListsCopy = {
  // The order page.
  save: 'Save as reorder list',
  saveHint: 'Keep this order’s parts as a named list, to add to your cart again in one click from Quick order.',
  dialogTitle: 'Save as reorder list',
  nameLabel: 'List name',
  nameRequired: 'Name is required',
  defaultName: (orderNumber: string) => `Order ${orderNumber}`,
  saveAction: 'Save list',
  cancel: 'Cancel',
  saved: (name: string) => `Reorder list saved: ${name}`,
  // The quick order page.
  sectionTitle: 'Your reorder lists',
  sectionIntro: 'Lists you saved from past orders. Add one to your cart in one click.',
  empty: 'No reorder lists yet. Open a past order and choose “Save as reorder list”.',
  listsLabel: 'Reorder lists',
  lineCount: (n: number) => `${formatCount(n)} ${n === 1 ? 'part' : 'parts'}`,
  updated: (when: string) => `Updated ${when}`,
  addToCart: 'Add to cart',
  addToCartNamed: (name: string) => `Add ${name} to cart`,
  delete: 'Delete',
  deleteNamed: (name: string) => `Delete ${name}`,
  deleteConfirm: (name: string) => `Delete the list “${name}”?`,
  deleteHint: 'Your orders and your cart stay as they are.',
  keep: 'Keep',
  deleted: (name: string) => `Deleted: ${name}`,
  // The API's messages.
  notFound: 'No reorder list with that id.',
  duplicateName: (name: string) => `You already have a reorder list named “${name}”. Choose another name.`,
  tooMany: `You have ${REORDER_LISTS_MAX} reorder lists, the most one can keep. Delete one to save another.`,
  tooManyLines: (n: number) => `That order has ${formatCount(n)} parts; a reorder list holds at most ${formatCount(REORDER_LIST_MAX_LINES)}.`,
  nothingToSave: (order: string) => `None of the parts of order ${order} is still sold: there is nothing to save.`,
  listLine: (sku: string, quantity: number) => `${sku} × ${formatCount(quantity)}`,
};
