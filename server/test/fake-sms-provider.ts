import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the four SMS providers' HTTP APIs on one local port (SMS_ENDPOINT_OVERRIDE points
 * the server at it). Like the real services it checks each request's credentials itself, written
 * from the providers' documentation and apart from the server's clients: Alibaba Cloud's RPC
 * HMAC-SHA1 signature, Tencent Cloud's TC3-HMAC-SHA256, Yunpian's apikey and Qiniu's access token.
 * A request signed any other way is refused as the provider refuses it; a template named REFUSED
 * is refused as unknown, and anything else is accepted and recorded.
 *
 * Server tests start it in-process; the end-to-end run starts it through e2e/support/fake-sms.ts.
 */
export type FakeProvider = 'aliyun' | 'tencent' | 'yunpian' | 'qiniu';

export interface FakeSms {
  provider: FakeProvider;
  accessKey: string;
  /** Mainland numbers as sent, without any +86. */
  phones: string[];
  template: string;
  /** Alibaba Cloud and Tencent Cloud send the signature; Yunpian's and Qiniu's templates carry it. */
  signName?: string;
  /** By name, or by position for Tencent Cloud. */
  params: Record<string, string> | string[];
  /** Tencent Cloud's SmsSdkAppId, Alibaba Cloud's RegionId. */
  appId?: string;
  region?: string;
}

export interface FakeSmsProvider {
  url: string;
  /** Every message accepted, oldest first. */
  sent: FakeSms[];
  close(): Promise<void>;
}

/** The template id that every provider refuses as unknown. */
export const REFUSED_TEMPLATE = 'REFUSED';
/** How far a signed time may be from now, as the providers allow (15 minutes at Alibaba Cloud and Qiniu, 5 at Tencent). */
const CLOCK_SKEW_S = 300;

type Answer = { status: number; body: unknown };
class Refusal extends Error {
  constructor(readonly answer: Answer) {
    super('refused');
  }
}
const refuse = (status: number, body: unknown) => new Refusal({ status, body });

/** Constant-time text comparison, as a signature check should be. */
function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function fresh(seconds: number): boolean {
  return Number.isFinite(seconds) && Math.abs(Date.now() / 1000 - seconds) <= CLOCK_SKEW_S;
}

/** RFC 3986 encoding byte by byte: unreserved characters stay, every other byte becomes %XX. */
function rfc3986(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Alibaba Cloud Dysmsapi SendSms, RPC style: the parameters come in the query or a form body. */
function aliyun(req: http.IncomingMessage, body: string, accounts: Map<string, string>): FakeSms {
  const url = new URL(req.url ?? '/', 'http://fake');
  const params = new URLSearchParams(req.method === 'POST' && body ? body : url.search);
  const all = Object.fromEntries(params);
  const { Signature: signature, ...signed } = all;
  const secret = accounts.get(signed.AccessKeyId ?? '');
  if (secret === undefined) {
    throw refuse(404, { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' });
  }
  if (
    signed.Action !== 'SendSms' ||
    signed.Version !== '2017-05-25' ||
    signed.SignatureMethod !== 'HMAC-SHA1' ||
    signed.SignatureVersion !== '1.0' ||
    !signed.SignatureNonce ||
    !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(signed.Timestamp ?? '') ||
    !fresh(Date.parse(signed.Timestamp) / 1000)
  ) {
    throw refuse(400, { Code: 'MissingParameter', Message: 'A required common parameter is missing or not valid.' });
  }
  const canonical = Object.keys(signed)
    .sort()
    .map((k) => `${rfc3986(k)}=${rfc3986(signed[k])}`)
    .join('&');
  const stringToSign = `${req.method}&${rfc3986('/')}&${rfc3986(canonical)}`;
  const expected = createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
  if (!signature || !same(signature, expected)) {
    throw refuse(400, {
      Code: 'SignatureDoesNotMatch',
      Message: 'Specified signature is not matched with our calculation.',
    });
  }
  return {
    provider: 'aliyun',
    accessKey: signed.AccessKeyId,
    phones: (signed.PhoneNumbers ?? '').split(','),
    template: signed.TemplateCode,
    signName: signed.SignName,
    params: signed.TemplateParam ? JSON.parse(signed.TemplateParam) : {},
    region: signed.RegionId,
  };
}

/** Tencent Cloud SMS SendSms, API 3.0 with TC3-HMAC-SHA256. */
function tencent(req: http.IncomingMessage, body: string, accounts: Map<string, string>): FakeSms {
  const fail = (Code: string, Message: string) =>
    refuse(200, { Response: { Error: { Code, Message }, RequestId: 'fake' } });
  const auth =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9\-;]+), Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ''),
    );
  if (!auth) throw fail('AuthFailure.InvalidAuthorization', 'The Authorization header is not valid.');
  const [, secretId, date, service, signedHeaders, signature] = auth;
  const secret = accounts.get(secretId);
  if (secret === undefined) throw fail('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
  const timestamp = Number(req.headers['x-tc-timestamp']);
  if (!fresh(timestamp)) throw fail('AuthFailure.SignatureExpire', 'The signature has expired.');
  if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date || service !== 'sms') {
    throw fail('AuthFailure.SignatureFailure', 'The credential scope does not match the request.');
  }
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('content-type')) {
    throw fail('AuthFailure.SignatureFailure', 'Host and Content-Type must be signed.');
  }
  const url = new URL(req.url ?? '/', 'http://fake');
  const canonicalRequest = [
    req.method,
    url.pathname,
    url.search.slice(1),
    names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}\n`).join(''),
    signedHeaders,
    createHash('sha256').update(body).digest('hex'),
  ].join('\n');
  const stringToSign = [
    'TC3-HMAC-SHA256',
    timestamp,
    `${date}/${service}/tc3_request`,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  let key: Buffer = createHmac('sha256', `TC3${secret}`).update(date).digest();
  for (const part of [service, 'tc3_request']) key = createHmac('sha256', key).update(part).digest();
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
  if (!same(signature, expected)) {
    throw fail('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
  }
  if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11') {
    throw fail('InvalidAction', 'The action or version is not valid.');
  }
  const payload = JSON.parse(body) as {
    PhoneNumberSet: string[];
    SmsSdkAppId: string;
    SignName: string;
    TemplateId: string;
    TemplateParamSet?: string[];
  };
  return {
    provider: 'tencent',
    accessKey: secretId,
    phones: payload.PhoneNumberSet.map((p) => p.replace(/^\+86/, '')),
    template: payload.TemplateId,
    signName: payload.SignName,
    params: payload.TemplateParamSet ?? [],
    appId: payload.SmsSdkAppId,
    region: String(req.headers['x-tc-region'] ?? ''),
  };
}

/** Yunpian v2 template sending: the apikey in the form is the whole credential. */
function yunpian(body: string, accounts: Map<string, string>): FakeSms {
  const form = new URLSearchParams(body);
  const apikey = form.get('apikey') ?? '';
  const owner = [...accounts].find(([, secret]) => same(secret, apikey));
  if (!owner) {
    throw refuse(401, { http_status_code: 401, code: -1, msg: '非法的apikey', detail: '请检查的apikey是否正确' });
  }
  const params: Record<string, string> = {};
  for (const pair of (form.get('tpl_value') ?? '').split('&').filter(Boolean)) {
    const [name, value = ''] = pair.split('=').map(decodeURIComponent);
    params[name.replace(/^#|#$/g, '')] = value;
  }
  return {
    provider: 'yunpian',
    accessKey: owner[0],
    phones: (form.get('mobile') ?? '').split(','),
    template: form.get('tpl_id') ?? '',
    params,
  };
}

/** Qiniu SMS v1 message, with the `Qiniu <AccessKey>:<sign>` access token. */
function qiniu(req: http.IncomingMessage, body: string, accounts: Map<string, string>): FakeSms {
  const token = /^Qiniu ([^:\s]+):(\S+)$/.exec(String(req.headers.authorization ?? ''));
  const secret = token ? accounts.get(token[1]) : undefined;
  if (!token || secret === undefined) throw refuse(401, { error: 'BadToken', message: 'bad token' });
  const dateHeader = String(req.headers['x-qiniu-date'] ?? '');
  const d = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(dateHeader);
  if (!d || !fresh(Date.UTC(+d[1], +d[2] - 1, +d[3], +d[4], +d[5], +d[6]) / 1000)) {
    throw refuse(401, { error: 'BadToken', message: 'X-Qiniu-Date is missing or too far from now' });
  }
  const contentType = String(req.headers['content-type'] ?? '');
  const qiniuHeaders = Object.keys(req.headers)
    .filter((name) => name.startsWith('x-qiniu-') && name.length > 'x-qiniu-'.length)
    .map(
      (name) =>
        `${name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase())}: ${req.headers[name]}`,
    )
    .sort();
  let data = `${req.method} ${req.url}\nHost: ${req.headers.host}`;
  if (contentType) data += `\nContent-Type: ${contentType}`;
  if (qiniuHeaders.length) data += `\n${qiniuHeaders.join('\n')}`;
  data += '\n\n';
  if (contentType && contentType !== 'application/octet-stream') data += body;
  const expected = createHmac('sha1', secret).update(data).digest('base64url');
  // Qiniu's url-safe base64 keeps its padding.
  const padded = expected + '='.repeat((4 - (expected.length % 4)) % 4);
  if (!same(token[2], padded)) throw refuse(401, { error: 'BadToken', message: 'bad token' });
  const payload = JSON.parse(body) as { template_id: string; mobiles: string[]; parameters?: Record<string, string> };
  return {
    provider: 'qiniu',
    accessKey: token[1],
    phones: payload.mobiles,
    template: payload.template_id,
    params: payload.parameters ?? {},
  };
}

/** The provider's answer to a template it does not know. */
function unknownTemplate(provider: FakeProvider): Answer {
  switch (provider) {
    case 'aliyun':
      return { status: 200, body: { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '模板不合法(不存在或被拉黑)' } };
    case 'tencent':
      return {
        status: 200,
        body: {
          Response: {
            Error: {
              Code: 'FailedOperation.TemplateIncorrectOrUnapproved',
              Message: '模板未审批或请求的内容与审核通过的模板内容不匹配',
            },
          },
        },
      };
    case 'yunpian':
      return {
        status: 400,
        body: { http_status_code: 400, code: 5, msg: '未找到匹配的模板', detail: '未找到匹配的模板' },
      };
    case 'qiniu':
      return { status: 400, body: { error: 'TemplateNotFound', message: 'template not found' } };
  }
}

/** The provider's answer to a message it took. */
function accepted(sms: FakeSms): Answer {
  switch (sms.provider) {
    case 'aliyun':
      return { status: 200, body: { Code: 'OK', Message: 'OK', BizId: 'fake-biz', RequestId: 'fake' } };
    case 'tencent':
      return {
        status: 200,
        body: {
          Response: {
            SendStatusSet: sms.phones.map((p) => ({ PhoneNumber: `+86${p}`, Code: 'Ok', Message: 'send success' })),
            RequestId: 'fake',
          },
        },
      };
    case 'yunpian':
      return {
        status: 200,
        body: {
          total_count: sms.phones.length,
          data: sms.phones.map((mobile) => ({ code: 0, msg: '发送成功', count: 1, mobile })),
        },
      };
    case 'qiniu':
      return { status: 200, body: { job_id: 'fake-job' } };
  }
}

/** Which provider a request is for, by what only that provider's requests carry. */
function route(req: http.IncomingMessage, body: string, accounts: Map<string, string>): FakeSms {
  const path = new URL(req.url ?? '/', 'http://fake').pathname;
  if (path === '/v2/sms/tpl_batch_send.json' || path === '/v2/sms/tpl_single_send.json') return yunpian(body, accounts);
  if (path === '/v1/message') return qiniu(req, body, accounts);
  if (req.headers['x-tc-action']) return tencent(req, body, accounts);
  return aliyun(req, body, accounts);
}

/** Starts the fake on `port` (any free one by default), accepting the given access keys with their secrets. */
export async function startFakeSmsProvider(accounts: Record<string, string>, port = 0): Promise<FakeSmsProvider> {
  const known = new Map(Object.entries(accounts));
  const sent: FakeSms[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let answer: Answer;
      try {
        const sms = route(req, Buffer.concat(chunks).toString('utf8'), known);
        answer = sms.template === REFUSED_TEMPLATE ? unknownTemplate(sms.provider) : accepted(sms);
        if (sms.template !== REFUSED_TEMPLATE) sent.push(sms);
      } catch (e) {
        answer = e instanceof Refusal ? e.answer : { status: 400, body: { error: 'BadRequest', message: String(e) } };
      }
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
