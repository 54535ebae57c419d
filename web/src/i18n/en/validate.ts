import { ruleMessages } from '../ruleMessages.ts';
import type { Resources } from '../types.ts';

export const validate: Resources['validate'] = {
  ...ruleMessages('en'),
  decimal: 'Enter a number with at most {{places}} decimals',
  url: 'Enter an address starting with http or https',
};
