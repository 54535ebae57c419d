import type { Resources } from '../types.ts';

export const errors: Resources['errors'] = {
  unknown: 'Unknown error',
  timeout: 'The request timed out, please try again later',
  network: 'Network error, please check your connection',
  forbidden: 'Sorry, you are not allowed to open this page',
  notFound: 'Sorry, the page you are looking for does not exist',
  serverError: 'Sorry, something went wrong on the server',
};
