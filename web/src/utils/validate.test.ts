import { describe, expect, it } from 'vitest';
import {
  checkBounds,
  checkCreditCode,
  checkDecimal,
  checkEmail,
  checkLandline,
  checkMobile,
  checkMobiles,
  checkPhone,
  checkRange,
  checkUrl,
  isCreditCode,
  isJsonObject,
  isLandline,
  mobileRule,
} from './validate.ts';

describe('unified social credit code', () => {
  it('takes 18 characters of the allowed set, or 15 digits not starting with 0', () => {
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(isCreditCode('91350100m000100y43')).toBe(true);
    expect(isCreditCode('123456789012345')).toBe(true);
  });

  it('refuses other lengths, letters outside the set, and a 15-digit number starting with 0', () => {
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
    expect(isCreditCode('91350100M000100I43')).toBe(false);
    expect(isCreditCode('91350100M000100O43')).toBe(false);
    expect(isCreditCode('023456789012345')).toBe(false);
    expect(checkCreditCode('x')).toBe('统一社会信用代码格式不正确');
  });
});

describe('mobile', () => {
  it('says what is wrong, in the spec’s words', () => {
    expect(checkMobile('')).toBe('手机号码不能为空');
    expect(checkMobile(undefined)).toBe('手机号码不能为空');
    expect(checkMobile('1380013800')).toBe('手机号码长度不为11位');
    expect(checkMobile('23800138000')).toBe('手机号码格式不正确');
    expect(checkMobile('1380013800a')).toBe('手机号码格式不正确');
    expect(checkMobile('13800138000')).toBeUndefined();
  });

  it('checks every number of a comma-joined list, the first problem first', () => {
    expect(checkMobiles(' , ')).toBe('手机号码不能为空');
    expect(checkMobiles('13800138000, 1380013800')).toBe('手机号码长度不为11位');
    expect(checkMobiles('13800138000，23800138000')).toBe('手机号码格式不正确');
    expect(checkMobiles('13800138000,13900139000')).toBeUndefined();
  });

  it('takes a JSON object only (the SMS template’s variables)', () => {
    expect(isJsonObject('{"code":"1234"}')).toBe(true);
    expect(isJsonObject('{}')).toBe(true);
    for (const text of ['', '{code:1}', '[1]', 'null', '"x"', '12']) expect(isJsonObject(text)).toBe(false);
  });

  it('as a rule, lets an optional empty field pass', async () => {
    const optional = mobileRule(false) as { validator: (r: unknown, v: unknown) => Promise<void> };
    await expect(optional.validator({}, '')).resolves.toBeUndefined();
    const required = mobileRule() as { validator: (r: unknown, v: unknown) => Promise<void> };
    await expect(required.validator({}, '')).rejects.toThrow('手机号码不能为空');
  });
});

describe('landline and phone', () => {
  it('takes an optional area code and 7-8 digits', () => {
    expect(isLandline('0591-87654321')).toBe(true);
    expect(isLandline('01087654321')).toBe(true);
    expect(isLandline('8765432')).toBe(true);
    expect(isLandline('123456')).toBe(false);
    expect(isLandline('1591-87654321')).toBe(false);
    expect(checkLandline('0591-87654321')).toBeUndefined();
    expect(checkLandline('123456')).toBe('座机号码格式不正确');
  });

  it('a phone is a mobile or a landline: 电话号不正确 otherwise', () => {
    expect(checkPhone('13800138000')).toBeUndefined();
    expect(checkPhone('0591-87654321')).toBeUndefined();
    expect(checkPhone('12345')).toBe('电话号不正确');
  });
});

describe('decimal, range and URL', () => {
  it('takes up to 4 decimals by default', () => {
    expect(checkDecimal('1.2345')).toBeUndefined();
    expect(checkDecimal(12)).toBeUndefined();
    expect(checkDecimal('-0.5')).toBeUndefined();
    expect(checkDecimal('1.23456')).toBe('请输入最多4位小数的数字');
    expect(checkDecimal('abc')).toBe('请输入最多4位小数的数字');
    expect(checkDecimal('1.')).toBe('请输入最多4位小数的数字');
    // Another number of places is named in the message.
    expect(checkDecimal('1.2', 1)).toBeUndefined();
    expect(checkDecimal('1.23', 1)).toBe('请输入最多1位小数的数字');
  });

  it('names the label and the bounds, 0-1000 by default', () => {
    expect(checkRange(1001, '面积')).toBe('面积在0-1000之间');
    expect(checkRange(-1, '面积')).toBe('面积在0-1000之间');
    expect(checkRange('', '面积')).toBe('面积在0-1000之间');
    expect(checkRange(1000, '面积')).toBeUndefined();
    expect(checkRange(0, '面积')).toBeUndefined();
    expect(checkRange(11, '比例', 1, 10)).toBe('比例在1-10之间');
  });

  it('takes one bound alone: a least or a greatest value', () => {
    expect(checkBounds(-5, '注册资本(元)', { min: 0 })).toBe('注册资本(元)不能小于0');
    expect(checkBounds('abc', '注册资本(元)', { min: 0 })).toBe('注册资本(元)不能小于0');
    expect(checkBounds('0', '注册资本(元)', { min: 0 })).toBeUndefined();
    expect(checkBounds(1e12, '注册资本(元)', { min: 0 })).toBeUndefined();
    expect(checkBounds(101, '比例', { max: 100 })).toBe('比例不能大于100');
  });

  it('wants http or https', () => {
    expect(checkUrl('https://example.com')).toBeUndefined();
    expect(checkUrl('HTTP://example.com/a')).toBeUndefined();
    expect(checkUrl('ftp://example.com')).toBe('请输入以 http 或 https 开头的网址');
    expect(checkUrl('example.com')).toBe('请输入以 http 或 https 开头的网址');
    expect(checkUrl('https://')).toBe('请输入以 http 或 https 开头的网址');
  });
});

describe('email', () => {
  it('wants a name, an @ and a domain with a dot: 邮箱格式不正确 otherwise', () => {
    expect(checkEmail('a@park.example')).toBeUndefined();
    expect(checkEmail('not-an-email')).toBe('邮箱格式不正确');
    expect(checkEmail('a@b')).toBe('邮箱格式不正确');
    expect(checkEmail('a b@park.example')).toBe('邮箱格式不正确');
  });
});
