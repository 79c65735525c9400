import { describe, expect, it } from 'vitest';
import { copy } from '../src/copy';
import { shop } from '../src/content';

/** The spec asks for these texts exactly as written, spellings included. */
describe('copy catalogue', () => {
  it('has every toast of the spec word for word', () => {
    expect(copy.toasts).toMatchObject({
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
      noUser: 'No user is logged in',
    });
    expect(copy.payment.success).toBe('Congrats! Your payment is completed.');
  });

  it('has the validation messages of the spec', () => {
    expect(copy.validation).toEqual({
      emailRequired: 'Email is Required',
      emailInvalid: 'Provide a valid Email',
      passwordRequired: 'Password is Required',
      passwordShort: 'Must be 6 characters or longer',
      nameRequired: 'Name is Required',
    });
  });

  it('has the public pages’ headings and labels', () => {
    expect(copy.home.seeAll).toBe('See All');
    expect(copy.home.contactSend).toBe('SEND US');
    expect(copy.home.newBadge).toBe('new');
    expect(copy.home.modelLineTitle).toBe('Full Model Line');
    expect(copy.home.modelLineSubtitle).toBe('Exhilaration Takes Many Forms');
    expect(copy.home.reviewsTitle).toBe('Customer Reviews');
    expect(copy.home.ratings(4)).toBe('Ratings: 4');
    expect(copy.home.preBooking).toBe('Pre-Booking');
    expect(copy.benefits).toEqual([
      { title: 'Free Shipping', text: 'For Orders From $50' },
      { title: 'Support 24/7', text: 'Call us anytime' },
      { title: '100% Safety', text: 'Only secure payments' },
      { title: 'Hot Offers', text: 'Discounts up to 90%' },
    ]);
    expect(copy.products).toMatchObject({
      title: 'All Your Needs',
      unitPrice: 'Unit Price: $',
      stock: 'Stock:',
      minOrder: 'Minimum Order:',
      orderNow: 'Order Now',
      previous: 'Previous',
      next: 'Next',
    });
    expect(copy.footer).toMatchObject({ services: 'Services', company: 'Company', legal: 'Legal', subscribe: 'Subscribe' });
    expect(copy.footer.copyright(2027, shop.name)).toContain('2027');
  });

  it('has the sign-in texts of the spec', () => {
    expect(copy.auth).toMatchObject({
      loginButton: 'Login',
      registerButton: 'register',
      createAccount: 'Please Create A New Account',
      pleaseLogin: 'Please Login',
      google: 'Continue With Google',
    });
  });

  it('has the dashboard, profile and order texts of the spec', () => {
    expect(copy.dashboard).toEqual({
      title: 'Dashboard',
      myProfile: 'My Profile',
      myOrders: 'My Orders',
      addReview: 'Add A Review',
      manageAllOrders: 'Manage All Orders',
      addProduct: 'Add A Product',
      manageProducts: 'Manage Products',
      makeAdmin: 'Make Admin',
      // Beyond the spec: the admin's audit log page (issue #8).
      activity: 'Activity',
      // Beyond the spec: the admin's vehicle list (issue #11).
      vehicles: 'Vehicles',
      myGarage: 'My Garage',
    });
    expect(copy.profile).toMatchObject({
      updateButton: 'Update Profile',
      modalTitle: 'Profile Update',
      emptyEducation: 'you not set any education yet.',
      emptyLocation: 'you not set any location yet.',
      emptyPhone: 'you not set any Phone number yet.',
      emptyLinkedin: 'you not set education yet.',
    });
    expect(copy.orders).toMatchObject({ pay: 'pay', pending: 'Pending...', paid: 'Paid', notPaid: 'Not paid', deliverButton: 'Dleverd', adminLabel: 'Admin' });
    expect(copy.orders.confirmCancel('Oil filter')).toBe('Are you sure? Cancel order for Oil filter');
    expect(copy.orders.confirmDeliver).toBe('Deleverd order for');
    expect(copy.orders.confirmDelete).toBe('for Delete');
    expect(copy.orders.confirmMakeAdmin).toBe('for make admin');
    expect(copy.purchase).toMatchObject({ placeOrder: 'Place Order', ratingsHint: 'Give Ratings Between 1-5' });
  });

  it('names the shop from the content file', () => {
    expect(shop.name).toBe('Torque & Throttle Parts');
  });
});
