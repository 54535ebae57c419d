import { formatProblem, RULE_MESSAGES, sms } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import type { Row } from '../../platform/db.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { ENABLED, mountProviders } from './providers.ts';
import { providerName, type SmsAccount, SmsRefused, sendSms } from './sms-providers.ts';

/**
 * blade-resource/sms: the tenant's SMS accounts, one enabled at a time, and BladeX's
 * `endpoint/send-message` (code, phones, params), which sends a template message through one.
 */
const MAX_PHONES = 200;
const MSG = {
  sent: { zh: '发送成功', en: 'Sent' },
  tooMany: { zh: `一次最多发送${MAX_PHONES}个号码`, en: `At most ${MAX_PHONES} numbers can be sent to at once` },
  params: { zh: '模板参数须为 JSON 对象', en: 'The template parameters must be a JSON object' },
  paramValue: {
    zh: '模板参数的值只能是文本或数字',
    en: 'The template parameters’ values can only be text or numbers',
  },
  noneEnabled: { zh: '没有启用的短信配置', en: 'No SMS configuration is enabled' },
} as const;

export interface SendInput {
  code?: unknown;
  phones?: unknown;
  params?: unknown;
}

/** The distinct numbers of `phones` (comma-joined, or a list), each checked as spec part 5 says, first problem first. */
export function phonesOf(phones: unknown): string[] {
  const joined = Array.isArray(phones) ? phones.join(',') : typeof phones === 'string' ? phones : '';
  const list = [...new Set(joined.split(/[,，\s]+/).filter(Boolean))];
  if (list.length === 0) throw badRequest(RULE_MESSAGES.mobileRequired);
  for (const phone of list) {
    const problem = formatProblem('mobile', phone);
    if (problem) throw badRequest(RULE_MESSAGES[problem]);
  }
  if (list.length > MAX_PHONES) throw badRequest(MSG.tooMany);
  return list;
}

/** The template's variables: a JSON object (text, or already an object in a JSON body) of texts and numbers. */
export function paramsOf(params: unknown): Record<string, string> {
  let value = params;
  if (value === undefined || value === null || value === '') return {};
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw badRequest(MSG.params);
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest(MSG.params);
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      if (typeof v !== 'string' && typeof v !== 'number') throw badRequest(MSG.paramValue);
      return [k, String(v)];
    }),
  );
}

/** 13800000000 → 138****0000; the usual log never holds a whole number. */
export const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/** Every mainland mobile number in a text (a provider's message may quote one, with +86 or not), masked. */
const maskPhonesIn = (text: string) =>
  text.replace(/(?<!\d)(\+?86)?(1\d{10})(?!\d)/g, (_, prefix: string | undefined, phone: string) => {
    return `${prefix ?? ''}${maskPhone(phone)}`;
  });

/** The numbers for the log: the first ten masked, and how many in all. */
function loggedPhones(phones: string[]): string {
  const shown = phones.slice(0, 10).map(maskPhone).join('、');
  return phones.length > 10 ? `${shown} 等${phones.length}个号码` : `${shown}（${phones.length}个号码）`;
}

export function registerSms(app: FastifyInstance, platform: Platform) {
  const resource = mountProviders(app, platform, sms);

  /** The configuration named by `code`, or the tenant's enabled one: it must exist for the caller and be enabled. */
  async function configuration(code: string): Promise<Row> {
    if (!code) {
      const [enabled] = await resource.list({ status_equal: String(ENABLED) }, 1);
      if (!enabled) throw badRequest(MSG.noneEnabled);
      return enabled;
    }
    const [row] = await resource.list({ smsCode_equal: code }, 1);
    if (!row) throw badRequest({ zh: `短信配置 ${code} 不存在`, en: `There is no SMS configuration ${code}` });
    if (row.status !== ENABLED) {
      throw badRequest({ zh: `短信配置 ${code} 未启用`, en: `The SMS configuration ${code} is not enabled` });
    }
    return row;
  }

  app.post<{ Querystring: SendInput; Body: SendInput | undefined }>(
    `/api/${sms.api}/endpoint/send-message`,
    { config: { title: '短信发送', button: 'sms_send', privateParams: true } },
    async (req) => {
      // BladeX's client sends the three in the query; a form or JSON body is taken too, and wins.
      const input: SendInput = { ...req.query, ...(req.body && typeof req.body === 'object' ? req.body : {}) };
      const phones = phonesOf(input.phones);
      const params = paramsOf(input.params);
      const row = await configuration(typeof input.code === 'string' ? input.code.trim() : '');
      const account: SmsAccount = {
        category: Number(row.category),
        templateId: String(row.templateId ?? ''),
        accessKey: String(row.accessKey ?? ''),
        secretKey: String(row.secretKey ?? ''),
        regionId: String(row.regionId ?? '').trim(),
        signName: String(row.signName ?? ''),
      };
      const through = `短信配置 ${row.smsCode}（${providerName(account.category)?.zh ?? '未知分类'}）`;
      try {
        await sendSms(account, { phones, params }, platform.config.smsEndpoint, platform.config.outbound);
      } catch (e) {
        if (!(e instanceof SmsRefused)) throw e;
        platform.logs.event(
          'warn',
          'sms.send',
          maskPhonesIn(`${through}发送短信至 ${loggedPhones(phones)} 失败：${e.text.zh}`),
        );
        throw badRequest(e.text);
      }
      platform.logs.event('info', 'sms.send', `${through}发送短信至 ${loggedPhones(phones)}`);
      return ok({ smsCode: row.smsCode, count: phones.length }, MSG.sent);
    },
  );
}
