/** Issue #39 item 9 (decision 188): checking out without an account, and the guest's order page. */
export const guestCheckoutCopy = {
  // The cart
  checkOutAsGuest: 'Check out as guest',
  orGuest: 'No account? Check out with your e-mail address; you can make an account later.',
  // The guest checkout page
  title: 'Guest checkout',
  intro: 'Order without an account. We send the receipt and a link to follow your order to your e-mail address.',
  contactTitle: 'Your e-mail address',
  emailLabel: 'E-mail address',
  emailHint: 'The receipt and the link to your order go here. Make an account with this address later to see the order in My Orders.',
  emailInvalid: 'Enter a valid e-mail address, such as rider@example.com.',
  haveAccount: 'Have an account?',
  signIn: 'Sign in to check out',
  // The guest order page
  orderTitle: (number: string) => `Order ${number}`,
  pageTitle: 'Your order',
  guestBadge: 'Guest order',
  placedAs: (email: string) => `Placed as a guest with ${email}.`,
  linkPrivate: 'This page opens with the link from your e-mail. Anyone with the link can see this order, so keep it to yourself.',
  noLink: 'This link is incomplete: open the whole link from your order e-mail.',
  notFound: 'We could not find an order for this link. Open the whole link from your order e-mail.',
  payTitle: (number: string) => `Pay for order ${number}`,
  payIntro: 'Your parts are reserved for you for a short time: pay now to complete the order.',
  accountTitle: 'Returns, cancellations and My Orders',
  accountText: (email: string) =>
    `Returns and cancellations need an account. Create one with ${email} and confirm the address from the e-mail we send you: this order then shows in My Orders, where you can ask for a return.`,
  createAccount: 'Create an account',
  // Manage All Orders
  guestMark: 'Guest',
  guestMarkLabel: 'Placed by a guest, without an account',
} as const;
