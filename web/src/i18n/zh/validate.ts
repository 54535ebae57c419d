import { ruleMessages } from '../ruleMessages.ts';

/** Messages of the shared form validators (spec part 5): the catalog's rules, and the web's own. */
export const validate = {
  ...ruleMessages('zh'),
  decimal: '请输入最多{{places}}位小数的数字',
  url: '请输入以 http 或 https 开头的网址',
};
