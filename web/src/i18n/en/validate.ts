import type { Resources } from '../types.ts';

export const validate: Resources['validate'] = {
  creditCode: 'The unified social credit code is not valid',
  mobileRequired: 'The mobile number is required',
  mobileLength: 'The mobile number must have 11 digits',
  mobileFormat: 'The mobile number is not valid',
  landline: 'The landline number is not valid',
  phone: 'The phone number is not valid',
  decimal: 'Enter a number with at most {{places}} decimals',
  range: '{{label}} must be between {{min}} and {{max}}',
  url: 'Enter an address starting with http or https',
};
