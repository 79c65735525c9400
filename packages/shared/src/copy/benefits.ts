export const benefitsCopy = [
  { title: 'Free Shipping', text: 'For Orders From $50' },
  { title: 'Support 24/7', text: 'Call us anytime' },
  { title: '100% Safety', text: 'Only secure payments' },
  { title: 'Hot Offers', text: 'Discounts up to 90%' },
] as const;
