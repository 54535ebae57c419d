/** Messages of the shared form validators (spec part 5). */
export const validate = {
  creditCode: '统一社会信用代码格式不正确',
  mobileRequired: '手机号码不能为空',
  mobileLength: '手机号码长度不为11位',
  mobileFormat: '手机号码格式不正确',
  landline: '座机号码格式不正确',
  phone: '电话号不正确',
  decimal: '请输入最多{{places}}位小数的数字',
  range: '{{label}}在{{min}}-{{max}}之间',
  url: '请输入以 http 或 https 开头的网址',
};
