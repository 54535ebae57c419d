import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSms } from '../src/modules/resource/sms-providers.ts';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { type FakeSmsProvider, REFUSED_TEMPLATE, startFakeSmsProvider } from './fake-sms-provider.ts';
import { createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/**
 * SMS sending (`blade-resource/sms/endpoint/send-message`) through each provider's real API, at a
 * local fake that checks every request's signature with the account's secret as the provider would.
 */
type Category = 1 | 2 | 3 | 4;
const KEYS: Record<Category, string> = { 1: 'ak-yunpian', 2: 'ak-qiniu', 3: 'ak-aliyun', 4: 'ak-tencent' };
/** Each account's own secret (Yunpian tells its accounts apart by it); characters that need encoding included. */
const secretOf = (category: Category) => `fake-secret-${category}-Kx9/+= 园`;
let fake: FakeSmsProvider;
let server: TestServer;
let admin: string;
let other: string;

beforeAll(async () => {
  fake = await startFakeSmsProvider(
    Object.fromEntries(([1, 2, 3, 4] as const).map((category) => [KEYS[category], secretOf(category)])),
  );
  server = await startServer({ smsEndpoint: fake.url });
  admin = await login(server, 'admin', 'admin');
  await createTenant(server, '600003');
  other = await login(server, 'admin', 'admin', '600003');
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const SEND = 'blade-resource/sms/endpoint/send-message';
const post = (
  url: string,
  token: string | undefined,
  payload?: Record<string, unknown>,
  headers?: Record<string, string>,
) => server.call({ method: 'POST', url: `/api/${url}`, token, payload, headers });
const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

/** A configuration of that provider in the caller's tenant, enabled unless told otherwise; answers its id. */
async function configure(
  token: string,
  smsCode: string,
  category: Category,
  { enable = true, ...fields }: { enable?: boolean } & Record<string, unknown> = {},
): Promise<string> {
  const saved = await post('blade-resource/sms/submit', token, {
    smsCode,
    category,
    templateId: 'SMS_100',
    accessKey: KEYS[category],
    secretKey: secretOf(category),
    regionId: category === 4 ? '1400000001' : 'cn-shanghai',
    signName: '园区',
    ...fields,
  });
  expect(saved.body.code).toBe(200);
  const id = saved.body.data.id;
  if (enable) expect((await post(`blade-resource/sms/enable?id=${id}`, token)).body.code).toBe(200);
  return id;
}

const send = (token: string | undefined, values: Record<string, string>) => post(`${SEND}?${query(values)}`, token);
const lastSent = () => fake.sent[fake.sent.length - 1];

describe('sending through each provider', () => {
  it('Alibaba Cloud: SendSms signed HMAC-SHA1, numbers comma-joined, the params as TemplateParam', async () => {
    await configure(admin, 'ali', 3);
    const res = await send(admin, {
      code: 'ali',
      phones: '13800000000,13900000001',
      params: JSON.stringify({ code: '1234', name: "园区 (A&B)'*!~" }),
    });
    expect(res.body).toMatchObject({ code: 200, success: true, msg: '发送成功', data: { smsCode: 'ali', count: 2 } });
    expect(lastSent()).toEqual({
      provider: 'aliyun',
      accessKey: 'ak-aliyun',
      phones: ['13800000000', '13900000001'],
      template: 'SMS_100',
      signName: '园区',
      params: { code: '1234', name: "园区 (A&B)'*!~" },
      region: 'cn-shanghai',
    });
  });

  it('Tencent Cloud: SendSms signed TC3-HMAC-SHA256, numbers in E.164, the SdkAppId from regionId, params by position', async () => {
    await configure(admin, 'tx', 4);
    // A JSON body, with params as an object.
    const res = await post(SEND, admin, { code: 'tx', phones: '13800000000', params: { code: '5678', minutes: 5 } });
    expect(res.body).toMatchObject({ code: 200, msg: '发送成功' });
    expect(lastSent()).toEqual({
      provider: 'tencent',
      accessKey: 'ak-tencent',
      phones: ['13800000000'],
      template: 'SMS_100',
      signName: '园区',
      params: ['5678', '5'],
      appId: '1400000001',
      region: 'ap-guangzhou',
    });
  });

  it('Yunpian: tpl_batch_send with the apikey (the secret) and #name#=value pairs', async () => {
    await configure(admin, 'yp', 1, { templateId: '3001' });
    // A form body, as some BladeX clients send it.
    const res = await server.call({
      method: 'POST',
      url: `/api/${SEND}`,
      token: admin,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: query({ code: 'yp', phones: '13800000000，13700000002', params: '{"code":"9&9=1","company":"园区#1"}' }),
    });
    expect(res.body).toMatchObject({ code: 200, msg: '发送成功', data: { count: 2 } });
    expect(lastSent()).toEqual({
      provider: 'yunpian',
      accessKey: 'ak-yunpian',
      phones: ['13800000000', '13700000002'],
      template: '3001',
      params: { code: '9&9=1', company: '园区#1' },
    });
  });

  it('Qiniu: /v1/message with the Qiniu access token', async () => {
    await configure(admin, 'qn', 2);
    const res = await send(admin, { code: 'qn', phones: '13800000000', params: '{"code":"4321"}' });
    expect(res.body).toMatchObject({ code: 200, msg: '发送成功' });
    expect(lastSent()).toEqual({
      provider: 'qiniu',
      accessKey: 'ak-qiniu',
      phones: ['13800000000'],
      template: 'SMS_100',
      params: { code: '4321' },
    });
  });

  it('a wrong secret signs differently, and each provider’s refusal comes back as a 400 with its message', async () => {
    const refusals: [Category, string][] = [
      [3, 'Specified signature is not matched with our calculation. [SignatureDoesNotMatch]'],
      [4, 'The provided credentials could not be validated. [AuthFailure.SignatureFailure]'],
      [1, '请检查的apikey是否正确 [-1]'],
      [2, 'bad token [BadToken]'],
    ];
    for (const [category, message] of refusals) {
      const before = fake.sent.length;
      await configure(admin, `bad${category}`, category, { secretKey: 'not-the-secret' });
      const res = await send(admin, { code: `bad${category}`, phones: '13800000000' });
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain(message);
      expect(res.body.msg).toMatch(/^短信发送失败（(阿里云|腾讯云|云片|七牛)）：/);
      expect(fake.sent.length).toBe(before);
    }
  });

  it('a template the provider does not know is refused with the provider’s words', async () => {
    const expected: [Category, string][] = [
      [3, '短信发送失败（阿里云）：模板不合法(不存在或被拉黑) [isv.SMS_TEMPLATE_ILLEGAL]'],
      [4, '短信发送失败（腾讯云）：模板未审批或请求的内容与审核通过的模板内容不匹配'],
      [1, '短信发送失败（云片）：未找到匹配的模板 [5]'],
      [2, '短信发送失败（七牛）：template not found [TemplateNotFound]'],
    ];
    for (const [category, message] of expected) {
      await configure(admin, `tpl${category}`, category, { templateId: REFUSED_TEMPLATE });
      const res = await send(admin, { code: `tpl${category}`, phones: '13800000000' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false });
      expect(res.body.msg).toContain(message);
    }
    const english = await post(`${SEND}?code=tpl2&phones=13800000000`, admin, undefined, { 'accept-language': 'en' });
    expect(english.body.msg).toBe('The SMS was not sent (Qiniu): template not found [TemplateNotFound]');
  });

  it('Tencent Cloud without a numeric SdkAppId in regionId is refused before any request', async () => {
    const before = fake.sent.length;
    await configure(admin, 'txnoapp', 4, { regionId: 'ap-guangzhou' });
    const res = await send(admin, { code: 'txnoapp', phones: '13800000000' });
    expect(res.body).toMatchObject({
      code: 400,
      msg: '腾讯云短信需在 RegionId 中填写短信应用的 SdkAppId（如 1400000000）',
    });
    expect(fake.sent.length).toBe(before);
  });

  it('a provider that cannot be reached is a 400 naming it, not a 500', async () => {
    const closed = await startFakeSmsProvider({});
    await closed.close();
    const account = { category: 3, templateId: 'T', accessKey: 'a', secretKey: 's', regionId: '', signName: 'x' };
    await expect(sendSms(account, { phones: ['13800000000'], params: {} }, closed.url)).rejects.toMatchObject({
      text: { zh: expect.stringMatching(/^短信发送失败（阿里云）：无法连接短信服务（ECONNREFUSED）$/) },
    });
  });
});

describe('what is sent, and through which configuration', () => {
  it('names what is wrong with the numbers and the params, spec part 5’s messages first', async () => {
    await configure(admin, 'val', 3);
    const cases: [Record<string, string>, string][] = [
      [{ code: 'val' }, '手机号码不能为空'],
      [{ code: 'val', phones: ' , ' }, '手机号码不能为空'],
      [{ code: 'val', phones: '1380000000' }, '手机号码长度不为11位'],
      [{ code: 'val', phones: '13800000000,138000000001' }, '手机号码长度不为11位'],
      [{ code: 'val', phones: '23800000000' }, '手机号码格式不正确'],
      [{ code: 'val', phones: '1380000000a' }, '手机号码格式不正确'],
      [{ code: 'val', phones: '13800000000', params: '{code:1}' }, '模板参数须为 JSON 对象'],
      [{ code: 'val', phones: '13800000000', params: '[1,2]' }, '模板参数须为 JSON 对象'],
      [{ code: 'val', phones: '13800000000', params: '{"a":{"b":1}}' }, '模板参数的值只能是文本或数字'],
      [
        { code: 'val', phones: Array.from({ length: 201 }, (_, i) => `139${String(i).padStart(8, '0')}`).join(',') },
        '一次最多发送200个号码',
      ],
    ];
    const before = fake.sent.length;
    for (const [values, msg] of cases) {
      const res = await send(admin, values);
      expect({ values, status: res.status, msg: res.body.msg }).toEqual({ values, status: 400, msg });
    }
    expect(fake.sent.length).toBe(before);
    const english = await post(`${SEND}?code=val&phones=2380000000x`, admin, undefined, { 'accept-language': 'en' });
    expect(english.body.msg).toBe('The mobile number is not valid');
  });

  it('refuses an unknown or disabled configuration, and takes the enabled one when no code is given', async () => {
    expect((await send(admin, { code: 'nope', phones: '13800000000' })).body).toMatchObject({
      code: 400,
      msg: '短信配置 nope 不存在',
    });
    await configure(admin, 'off1', 3);
    await configure(admin, 'on1', 1); // enabling it disables off1
    expect((await send(admin, { code: 'off1', phones: '13800000000' })).body).toMatchObject({
      code: 400,
      msg: '短信配置 off1 未启用',
    });
    const res = await send(admin, { phones: '13800000000' });
    expect(res.body).toMatchObject({ code: 200, data: { smsCode: 'on1' } });
    expect(lastSent()).toMatchObject({ provider: 'yunpian' });
    // A removed configuration is gone.
    const [row] = (
      await server.call({ method: 'GET', url: '/api/blade-resource/sms/list?smsCode_equal=on1', token: admin })
    ).body.data.records;
    await post(`blade-resource/sms/remove?ids=${row.id}`, admin);
    expect((await send(admin, { code: 'on1', phones: '13800000000' })).body.msg).toBe('短信配置 on1 不存在');
  });

  it('keeps tenants apart: another tenant can neither use these codes nor fall back on this tenant’s enabled one', async () => {
    await configure(admin, 'mine', 3);
    expect((await send(other, { code: 'mine', phones: '13800000000' })).body).toMatchObject({
      code: 400,
      msg: '短信配置 mine 不存在',
    });
    expect((await send(other, { phones: '13800000000' })).body).toMatchObject({ code: 400, msg: '没有启用的短信配置' });
    // Its own configuration of the same code sends through its own account.
    await configure(other, 'mine', 2);
    expect((await send(other, { code: 'mine', phones: '13800000000' })).body.code).toBe(200);
    expect(lastSent()).toMatchObject({ provider: 'qiniu', accessKey: 'ak-qiniu' });
  });

  it('logs each sending with the numbers masked and never a secret', async () => {
    await configure(admin, 'logged', 3);
    await send(admin, { code: 'logged', phones: '13812345678,13987654321', params: '{"code":"2468"}' });
    await configure(admin, 'logbad', 4, { templateId: REFUSED_TEMPLATE });
    await send(admin, { code: 'logbad', phones: '13812345678' });
    await server.platform.logs.flush();
    const rows = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ log_level: string; log_data: string; tenant_id: string; create_by: string }>(
        `select log_level, log_data, tenant_id, create_by from blade_log_usual where log_id = 'sms.send' order by id`,
      ),
    );
    const ok = rows.find((r) => r.log_data.includes('短信配置 logged'));
    expect(ok).toMatchObject({
      log_level: 'info',
      tenant_id: '000000',
      create_by: 'admin',
      log_data: '短信配置 logged（阿里云）发送短信至 138****5678、139****4321（2个号码）',
    });
    const failed = rows.find((r) => r.log_data.includes('短信配置 logbad'));
    expect(failed?.log_level).toBe('warn');
    expect(failed?.log_data).toContain('失败：短信发送失败（腾讯云）');
    for (const r of rows) {
      expect(r.log_data).not.toMatch(/1\d{10}/);
      for (const category of [1, 2, 3, 4] as const) expect(r.log_data).not.toContain(secretOf(category));
    }
    // The api log keeps the call, but none of its parameters: the numbers and the code stay out.
    const calls = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ params: string }>(`select params from blade_log_api where request_uri like '%/send-message%'`),
    );
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.params).toBe('******');
  });
});

describe('who may send', () => {
  it('wants a token', async () => {
    expect((await send(undefined, { code: 'x', phones: '13800000000' })).status).toBe(401);
  });

  it('wants the sms_send button: viewing or editing the configurations is not enough', async () => {
    await configure(admin, 'perm', 3);
    await createUserWithButtons(server, '000000', 'smsedit2', ['sms_view', 'sms_edit']);
    await createUserWithButtons(server, '000000', 'smssender', ['sms_view', 'sms_send']);
    await createUserWithButtons(server, '000000', 'nosms', ['notice_view']);
    const editor = await login(server, 'smsedit2', 'pass');
    const sender = await login(server, 'smssender', 'pass');
    const stranger = await login(server, 'nosms', 'pass');
    const before = fake.sent.length;
    expect((await send(editor, { code: 'perm', phones: '13800000000' })).status).toBe(403);
    expect((await send(stranger, { code: 'perm', phones: '13800000000' })).status).toBe(403);
    expect(fake.sent.length).toBe(before);
    expect((await send(sender, { code: 'perm', phones: '13800000000' })).body).toMatchObject({ code: 200 });
  });
});
