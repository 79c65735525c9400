export const toastsCopy = {
  editSuccess: 'Yay! edit Success',
  deleteSuccess: 'Delete Success',
  reviewAdded: 'Yay! Review Added Success',
  productAdded: 'Product Added',
  orderSuccess: 'Yay! Order Success',
  deliveredSuccess: 'Deleverd Success',
  adminMade: 'Admin make Success',
  logout: 'Logout Success',
  login: 'Successfully Login.',
  signup: 'Successfully SignUp.',
  paymentCompleted: 'Your payment is completed...',
  invalidQuantity: 'Please enter a valid quantity!',
  contactSent: 'Thanks! Your message has been sent. We reply within one business day.',
  // Double opt-in (issue #39, decision 186): the sign-up is done once the e-mail's link is opened.
  newsletterSubscribed: 'Almost there: check your inbox and open the link we sent to confirm your subscription.',
  noUser: 'No user is logged in',
} as const;
