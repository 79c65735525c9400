import { formatCount } from '../intl';
/** Issue #22 (decision 151): reviews from verified buyers, one per part, on the home carousel and the part page. */
export const reviewsCopy = {
  /** The badge of a review about a part its writer bought and paid for. */
  verifiedPurchase: 'Verified purchase',
  /** The review form's part choice (beside the spec's rating and description). */
  productLabel: 'Part you are reviewing',
  productPlaceholder: 'Choose a part you bought',
  productHint: 'Parts you have paid for and not reviewed yet.',
  loadingProducts: 'Loading the parts you bought…',
  nothingTitle: 'Nothing to review yet',
  nothingText:
    'You can review a part once you have bought and paid for it, one review per part. Parts you have paid for and not reviewed yet will appear here.',
  browseParts: 'Browse parts',
  /** The server's answers to POST /review. */
  emailNotVerified:
    'Please verify your e-mail address before writing a review: we sent you a link. Open it, then write your review; no e-mail? Send the link again.',
  verificationSent: 'Verification e-mail sent. Open the link in it, then add your review.',
  notBought: 'You can review a part once you have bought and paid for it. Choose one of the parts from your paid orders.',
  alreadyReviewed: 'You have already reviewed this part: one review per part and customer.',
  productNotFound: 'No part with that id.',
  /** The part page's section. */
  partTitle: 'Reviews of this part',
  partEmpty: 'No reviews of this part yet. Riders who buy it can review it from their dashboard.',
  partCount: (n: number) => (n === 1 ? '1 review' : `${formatCount(n)} reviews`),
  partLoading: 'Loading reviews…',
  showMore: 'Show more reviews',
  ratingOf: (n: number) => `Rated ${n} out of 5`,
  postedOn: (date: string) => `Posted on ${date}`,
} as const;
