import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { Bilingual } from '../../platform/errors.ts';
import { callOut, type OutboundPolicy, STRICT } from '../../platform/outbound.ts';

/**
 * The four SMS providers of BladeX's `sms` dictionary, each spoken through its own documented
 * HTTP API and signing, with Node's http(s) and crypto only (docs/decisions.md), through the egress
 * guard (platform/outbound.ts) unless SMS_ENDPOINT_OVERRIDE names the address. A provider that
 * answers but refuses (a bad key, an unknown template, a blocked number) throws SmsRefused
 * with its own words; so does one that cannot be reached or answers what we cannot read.
 */
export interface SmsAccount {
  category: number;
  templateId: string;
  accessKey: string;
  secretKey: string;
  regionId: string;
  signName: string;
}

export interface SmsMessage {
  /** Mainland mobile numbers, 11 digits each. */
  phones: string[];
  /** The template's variables by name, in the order given (Tencent's are positional). */
  params: Record<string, string>;
}

export class SmsRefused extends Error {
  constructor(readonly text: Bilingual) {
    super(text.zh);
  }
}

interface Provider {
  name: Bilingual;
  /** The production base URL; SMS_ENDPOINT_OVERRIDE replaces it and the paths stay. */
  base: string;
  send(account: SmsAccount, message: SmsMessage, at: Destination): Promise<void>;
}

const TIMEOUT_MS = 10_000;

const NAMES = {
  aliyun: { zh: '阿里云', en: 'Alibaba Cloud' },
  tencent: { zh: '腾讯云', en: 'Tencent Cloud' },
  yunpian: { zh: '云片', en: 'Yunpian' },
  qiniu: { zh: '七牛', en: 'Qiniu' },
} satisfies Record<string, Bilingual>;

const UNREADABLE = { zh: '短信服务的应答无法识别', en: 'the SMS service’s answer could not be read' };

/** What the provider said, with its error code: `<message> [<code>]`. */
function said(message: unknown, code: unknown): Bilingual {
  const tail = code === undefined || code === null || code === '' ? '' : ` [${code}]`;
  const text = (fallback: string) => `${message ? String(message) : fallback}${tail}`;
  return { zh: text('未知错误'), en: text('unknown error') };
}

/** The refusal, naming the provider: 短信发送失败（阿里云）：<the provider's own message, or ours>. */
function refused(provider: Bilingual, detail: Bilingual): SmsRefused {
  return new SmsRefused({
    zh: `短信发送失败（${provider.zh}）：${detail.zh}`,
    en: `The SMS was not sent (${provider.en}): ${detail.en}`,
  });
}

/** Where a provider is called: its base URL, and the guard's policy (none for SMS_ENDPOINT_OVERRIDE's). */
interface Destination {
  base: string;
  outbound: OutboundPolicy | undefined;
}

/**
 * POSTs and reads the JSON answer, whatever its HTTP status (the providers explain refusals in the
 * body). A redirect is not followed: its answer is no JSON, so it is unreadable like any other.
 */
async function post(
  provider: Bilingual,
  url: string,
  outbound: OutboundPolicy | undefined,
  init: { headers: Record<string, string>; body: string },
) {
  let res: { status: number; text: string };
  try {
    res = await callOut(url, { method: 'POST', ...init, timeoutMs: TIMEOUT_MS }, outbound);
  } catch (e) {
    const cause = (e as { code?: string }).code ?? (e as Error).name;
    throw refused(provider, { zh: `无法连接短信服务（${cause}）`, en: `the SMS service cannot be reached (${cause})` });
  }
  try {
    return { status: res.status, json: JSON.parse(res.text) as Record<string, unknown> };
  } catch {
    throw refused(provider, {
      zh: `${UNREADABLE.zh}（HTTP ${res.status}）`,
      en: `${UNREADABLE.en} (HTTP ${res.status})`,
    });
  }
}

const hmac = (algorithm: 'sha1' | 'sha256', key: string | Buffer, data: string) =>
  createHmac(algorithm, key).update(data, 'utf8').digest();
const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

/** RFC 3986 percent-encoding: only A-Z a-z 0-9 - _ . ~ stay as they are (Alibaba Cloud's rule). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A UTC time in seconds, ISO 8601 without milliseconds: 2024-05-01T08:00:00Z. */
const isoSeconds = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Alibaba Cloud Dysmsapi SendSms (version 2017-05-25), RPC style: the parameters sorted and
 * percent-encoded form the canonicalized query; the string to sign is
 * `POST&%2F&<encoded canonicalized query>`, signed HMAC-SHA1 with `<AccessKeySecret>&`, base64.
 * The region is regionId (cn-hangzhou when empty). Success is `Code: "OK"`.
 */
const aliyun: Provider = {
  name: NAMES.aliyun,
  base: 'https://dysmsapi.aliyuncs.com',
  async send(account, { phones, params }, { base, outbound }) {
    const query: Record<string, string> = {
      AccessKeyId: account.accessKey,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: phones.join(','),
      RegionId: account.regionId || 'cn-hangzhou',
      SignName: account.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: account.templateId,
      Timestamp: isoSeconds(new Date()),
      Version: '2017-05-25',
    };
    if (Object.keys(params).length > 0) query.TemplateParam = JSON.stringify(params);
    const canonical = Object.keys(query)
      .sort()
      .map((k) => `${percentEncode(k)}=${percentEncode(query[k])}`)
      .join('&');
    const stringToSign = `POST&${percentEncode('/')}&${percentEncode(canonical)}`;
    const signature = hmac('sha1', `${account.secretKey}&`, stringToSign).toString('base64');
    const { json } = await post(NAMES.aliyun, `${base}/`, outbound, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: `${canonical}&Signature=${percentEncode(signature)}`,
    });
    if (json.Code !== 'OK') throw refused(NAMES.aliyun, said(json.Message, json.Code));
  },
};

/**
 * Tencent Cloud SMS SendSms (API 3.0, version 2021-01-11), signed TC3-HMAC-SHA256 over the
 * canonical request (POST, path, empty query, content-type and host headers, SHA-256 of the body).
 * SecretId is accessKey, SecretKey secretKey, and the SmsSdkAppId regionId (docs/decisions.md);
 * the API region is ap-guangzhou. Numbers go in E.164 (+86...); the template's parameters are
 * positional, so params' values are sent in the order given. Each number has its own status.
 */
const TENCENT_APP_ID = /^\d{6,12}$/;
const tencent: Provider = {
  name: NAMES.tencent,
  base: 'https://sms.tencentcloudapi.com',
  async send(account, { phones, params }, { base, outbound }) {
    if (!TENCENT_APP_ID.test(account.regionId)) {
      throw new SmsRefused({
        zh: '腾讯云短信需在 RegionId 中填写短信应用的 SdkAppId（如 1400000000）',
        en: 'Tencent Cloud SMS needs the SMS application’s SdkAppId (like 1400000000) in the region id',
      });
    }
    const body = JSON.stringify({
      PhoneNumberSet: phones.map((p) => `+86${p}`),
      SmsSdkAppId: account.regionId,
      SignName: account.signName,
      TemplateId: account.templateId,
      TemplateParamSet: Object.values(params),
    });
    const url = new URL(`${base}/`);
    const contentType = 'application/json; charset=utf-8';
    const timestamp = Math.floor(Date.now() / 1000);
    const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
    const canonicalRequest = [
      'POST',
      url.pathname,
      '',
      `content-type:${contentType}\nhost:${url.host}\n`,
      'content-type;host',
      sha256Hex(body),
    ].join('\n');
    const scope = `${date}/sms/tc3_request`;
    const stringToSign = ['TC3-HMAC-SHA256', timestamp, scope, sha256Hex(canonicalRequest)].join('\n');
    const signingKey = hmac(
      'sha256',
      hmac('sha256', hmac('sha256', `TC3${account.secretKey}`, date), 'sms'),
      'tc3_request',
    );
    const signature = hmac('sha256', signingKey, stringToSign).toString('hex');
    const { json } = await post(NAMES.tencent, url.toString(), outbound, {
      headers: {
        authorization: `TC3-HMAC-SHA256 Credential=${account.accessKey}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`,
        'content-type': contentType,
        'x-tc-action': 'SendSms',
        'x-tc-timestamp': String(timestamp),
        'x-tc-version': '2021-01-11',
        'x-tc-region': 'ap-guangzhou',
      },
      body,
    });
    const answer = (json.Response ?? {}) as {
      Error?: { Code?: string; Message?: string };
      SendStatusSet?: { PhoneNumber?: string; Code?: string; Message?: string }[];
    };
    if (answer.Error) throw refused(NAMES.tencent, said(answer.Error.Message, answer.Error.Code));
    if (!Array.isArray(answer.SendStatusSet)) throw refused(NAMES.tencent, UNREADABLE);
    const failed = answer.SendStatusSet.find((s) => s.Code !== 'Ok');
    if (failed)
      throw refused(NAMES.tencent, said(`${failed.PhoneNumber ?? ''} ${failed.Message ?? ''}`.trim(), failed.Code));
  },
};

/**
 * Yunpian v2 tpl_batch_send (one or more numbers, comma-joined): form-encoded, authenticated by
 * the account's apikey, which is the secretKey (it is the secret); the template's variables go in
 * `tpl_value` as `#name#=value` pairs, each side url-encoded. The signature is part of a Yunpian
 * template, so signName is not sent. A refusal is a non-zero `code` with `msg` and `detail`.
 */
const yunpian: Provider = {
  name: NAMES.yunpian,
  base: 'https://sms.yunpian.com',
  async send(account, { phones, params }, { base, outbound }) {
    const form = new URLSearchParams({
      apikey: account.secretKey,
      mobile: phones.join(','),
      tpl_id: account.templateId,
      tpl_value: Object.entries(params)
        .map(([k, v]) => `${encodeURIComponent(`#${k}#`)}=${encodeURIComponent(v)}`)
        .join('&'),
    });
    const { json } = await post(NAMES.yunpian, `${base}/v2/sms/tpl_batch_send.json`, outbound, {
      headers: {
        'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
        accept: 'application/json;charset=utf-8',
      },
      body: form.toString(),
    });
    if (typeof json.code === 'number' && json.code !== 0) {
      throw refused(NAMES.yunpian, said(json.detail || json.msg, json.code));
    }
    const data = json.data as { code?: number; msg?: string; mobile?: string }[] | undefined;
    if (!Array.isArray(data)) throw refused(NAMES.yunpian, UNREADABLE);
    const failed = data.find((d) => d.code !== 0);
    if (failed) throw refused(NAMES.yunpian, said(`${failed.mobile ?? ''} ${failed.msg ?? ''}`.trim(), failed.code));
  },
};

/**
 * Qiniu SMS API v1 `POST /v1/message` (template_id, mobiles, parameters), signed with Qiniu's
 * access token: HMAC-SHA1 with the SecretKey over `POST <path>\nHost: <host>\nContent-Type: <type>\n
 * X-Qiniu-Date: <date>\n\n<body>`, url-safe base64, sent as `Authorization: Qiniu <AccessKey>:<sign>`.
 * The template carries its signature, so signName is not sent. A refusal is a non-2xx with `error`/`message`.
 */
const qiniu: Provider = {
  name: NAMES.qiniu,
  base: 'https://sms.qiniuapi.com',
  async send(account, { phones, params }, { base, outbound }) {
    const url = new URL(`${base}/v1/message`);
    const body = JSON.stringify({ template_id: account.templateId, mobiles: phones, parameters: params });
    const contentType = 'application/json';
    const date = isoSeconds(new Date()).replace(/[-:]/g, '');
    const signing = `POST ${url.pathname}${url.search}\nHost: ${url.host}\nContent-Type: ${contentType}\nX-Qiniu-Date: ${date}\n\n${body}`;
    const sign = hmac('sha1', account.secretKey, signing).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
    const { status, json } = await post(NAMES.qiniu, url.toString(), outbound, {
      headers: {
        authorization: `Qiniu ${account.accessKey}:${sign}`,
        'content-type': contentType,
        'x-qiniu-date': date,
      },
      body,
    });
    if (status < 200 || status >= 300 || typeof json.job_id !== 'string') {
      throw refused(
        NAMES.qiniu,
        said(json.message ?? json.error, json.message && json.error ? json.error : `HTTP ${status}`),
      );
    }
  },
};

/** By the `sms` dictionary's keys: 1 云片, 2 七牛, 3 阿里云, 4 腾讯云. */
const PROVIDERS: Record<number, Provider> = { 1: yunpian, 2: qiniu, 3: aliyun, 4: tencent };

/** The provider's name for a category (the log names it), or undefined for a category outside the four. */
export function providerName(category: number): Bilingual | undefined {
  return PROVIDERS[category]?.name;
}

/**
 * Sends through the account's provider at its own address, through the guard under `outbound`,
 * or at `override` (SMS_ENDPOINT_OVERRIDE: the operator's own address, not guarded).
 */
export async function sendSms(
  account: SmsAccount,
  message: SmsMessage,
  override?: string,
  outbound: OutboundPolicy = STRICT,
): Promise<void> {
  const provider = PROVIDERS[account.category];
  if (!provider) {
    throw new SmsRefused({ zh: '短信配置的分类无效', en: 'The SMS configuration’s provider is not valid' });
  }
  await provider.send(
    account,
    message,
    override ? { base: override, outbound: undefined } : { base: provider.base, outbound },
  );
}
