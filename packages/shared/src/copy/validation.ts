export const validationCopy = {
  emailRequired: 'Email is Required',
  emailInvalid: 'Provide a valid Email',
  passwordRequired: 'Password is Required',
  passwordShort: 'Must be 6 characters or longer',
  nameRequired: 'Name is Required',
} as const;
