export const dashboardCopy = {
  title: 'Dashboard',
  myProfile: 'My Profile',
  myOrders: 'My Orders',
  addReview: 'Add A Review',
  manageAllOrders: 'Manage All Orders',
  addProduct: 'Add A Product',
  manageProducts: 'Manage Products',
  makeAdmin: 'Make Admin',
  activity: 'Activity',
  vehicles: 'Vehicles',
  myGarage: 'My Garage',
} as const;
