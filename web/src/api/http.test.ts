import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { toast } from '../feedback.ts';
import { setLang } from '../i18n/index.ts';
import { useSession } from '../stores/session.ts';
import { ApiError, codeOf, messageOf, NETWORK_ERROR, TIMEOUT } from './errors.ts';
import { fileNameOf, request, STATUS_WHITELIST, TIMEOUT_MS, urlOf } from './http.ts';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('codeOf / messageOf', () => {
  it('takes the code from the body, else the HTTP status', () => {
    expect(codeOf(200, { code: 400, msg: 'x' })).toBe(400);
    expect(codeOf(500, { code: 200 })).toBe(200);
    expect(codeOf(400, { success: false, error_code: 2001, error_description: 'x' })).toBe(400);
    expect(codeOf(502, undefined)).toBe(502);
    expect(codeOf(404, 'Not Found')).toBe(404);
  });

  it('takes the message from msg, else error_description', () => {
    expect(messageOf({ msg: '参数键名已存在', error_description: 'other' })).toBe('参数键名已存在');
    expect(messageOf({ error_description: '用户名或密码错误' })).toBe('用户名或密码错误');
    expect(messageOf({ msg: '' })).toBeUndefined();
    expect(messageOf(undefined)).toBeUndefined();
  });
});

describe('urlOf / fileNameOf', () => {
  it('puts the call under /api and leaves out empty query values', () => {
    expect(urlOf('blade-system/param/page', { current: 1, size: 10, paramName: '', ascs: undefined, x: null })).toBe(
      '/api/blade-system/param/page?current=1&size=10',
    );
    expect(urlOf('blade-auth/oauth/captcha')).toBe('/api/blade-auth/oauth/captcha');
  });

  it('reads the UTF-8 file name of an export', () => {
    expect(fileNameOf(`attachment; filename*=UTF-8''${encodeURIComponent('参数管理.xlsx')}`)).toBe('参数管理.xlsx');
    expect(fileNameOf('attachment; filename="params.xlsx"')).toBe('params.xlsx');
    expect(fileNameOf(null)).toBeUndefined();
  });
});

describe('request', () => {
  let fetchMock: MockInstance<typeof fetch>;
  let errorToast: MockInstance<typeof toast.error>;

  beforeEach(() => {
    fetchMock = vi.spyOn(globalThis, 'fetch');
    errorToast = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    useSession.setState({ accessToken: 'access-1', refreshToken: 'refresh-1', tenantId: '000000', accountType: 'web' });
    setLang('zh');
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    useSession.getState().clear();
  });

  const sentHeaders = () => new Headers(fetchMock.mock.calls[0][1]?.headers);

  it('sends the client, token, tenant, account type and language headers', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { code: 200, success: true, data: [], msg: '操作成功' }));
    await request('blade-system/menu/routes');
    const headers = sentHeaders();
    expect(headers.get('Authorization')).toBe(`Basic ${btoa('saber:saber_secret')}`);
    expect(headers.get('Blade-Auth')).toBe('bearer access-1');
    expect(headers.get('Tenant-Id')).toBe('000000');
    expect(headers.get('Account-Type')).toBe('web');
    expect(headers.get('Accept-Language')).toBe('zh-CN');
  });

  it('asks in English when the language is English, and sends no token without a session', async () => {
    useSession.getState().clear();
    setLang('en');
    fetchMock.mockResolvedValueOnce(answer(200, { key: 'k', image: 'data:image/png;base64,' }));
    await request('blade-auth/oauth/captcha', { raw: true });
    expect(sentHeaders().get('Accept-Language')).toBe('en-US');
    expect(sentHeaders().has('Blade-Auth')).toBe(false);
  });

  it("resolves with the envelope's data, or the whole answer when raw", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { code: 200, success: true, data: { id: '1' }, msg: '操作成功' }));
    await expect(request('x/detail')).resolves.toEqual({ id: '1' });
    fetchMock.mockResolvedValueOnce(answer(200, { access_token: 't' }));
    await expect(request('blade-auth/oauth/token', { raw: true })).resolves.toEqual({ access_token: 't' });
  });

  it('shows the message of a failure and rejects with its code', async () => {
    fetchMock.mockResolvedValueOnce(answer(400, { code: 400, success: false, data: null, msg: '请输入参数名称' }));
    const error = await request('blade-system/param/submit').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 400, message: '请输入参数名称' });
    expect(errorToast).toHaveBeenCalledWith('请输入参数名称');
    expect(useSession.getState().accessToken).toBe('access-1');
  });

  it('treats a body code other than 200 as a failure even under HTTP 200', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { code: 500, success: false, data: null, msg: '服务器异常' }));
    await expect(request('x/page')).rejects.toMatchObject({ code: 500 });
    expect(errorToast).toHaveBeenCalledWith('服务器异常');
  });

  it('falls back to error_description, then to 未知错误 in the current language', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(400, { success: false, error_code: 2001, error_description: '用户名或密码错误' }),
    );
    await expect(request('blade-auth/oauth/token', { raw: true })).rejects.toMatchObject({ code: 400 });
    expect(errorToast).toHaveBeenLastCalledWith('用户名或密码错误');

    fetchMock.mockResolvedValueOnce(new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(request('x/page')).rejects.toMatchObject({ code: 502, message: '未知错误' });

    setLang('en');
    fetchMock.mockResolvedValueOnce(answer(500, {}));
    await expect(request('x/page')).rejects.toMatchObject({ code: 500, message: 'Unknown error' });
    expect(errorToast).toHaveBeenLastCalledWith('Unknown error');
  });

  it('rejects a whitelisted code silently, keeping its message and the session', async () => {
    expect(STATUS_WHITELIST).toContain(423);
    fetchMock.mockResolvedValueOnce(
      answer(423, { code: 423, success: false, data: { step: 2 }, msg: '请先完成上一步' }),
    );
    const error = await request('x/submit').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 423, message: '请先完成上一步', data: { step: 2 } });
    // The body's code counts, whatever the HTTP status.
    fetchMock.mockResolvedValueOnce(answer(200, { code: 423, success: false, data: null }));
    await expect(request('x/submit')).rejects.toMatchObject({ code: 423, message: '未知错误' });
    expect(errorToast).not.toHaveBeenCalled();
    expect(useSession.getState().accessToken).toBe('access-1');

    fetchMock.mockResolvedValueOnce(answer(403, { code: 403, success: false, data: null, msg: '缺失权限' }));
    await expect(request('x/submit')).rejects.toMatchObject({ code: 403 });
    expect(errorToast).toHaveBeenCalledWith('缺失权限');
  });

  it('ends the session on 401 without a toast, keeping the account type for the login page', async () => {
    fetchMock.mockResolvedValueOnce(answer(401, { code: 401, success: false, data: null, msg: '请求未授权' }));
    await expect(request('blade-system/menu/routes')).rejects.toMatchObject({ code: 401 });
    const session = useSession.getState();
    expect(session.accessToken).toBeNull();
    expect(session.refreshToken).toBeNull();
    expect(session.user).toBeNull();
    expect(session.accountType).toBe('web');
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('treats 401 as an ordinary failure for calls made without a session (login)', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(401, { success: false, error_code: 3000, error_description: '客户端认证失败' }),
    );
    await expect(request('blade-auth/oauth/token', { raw: true, sessionless: true })).rejects.toMatchObject({
      code: 401,
    });
    expect(errorToast).toHaveBeenCalledWith('客户端认证失败');
    expect(useSession.getState().accessToken).toBe('access-1');
  });

  it('reports an unreachable server', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request('x/page')).rejects.toMatchObject({ code: NETWORK_ERROR });
    expect(errorToast).toHaveBeenCalledWith('网络异常，请检查网络连接');
  });

  it('gives up after 60 seconds', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = request('x/page').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(errorToast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ code: TIMEOUT });
    expect(errorToast).toHaveBeenCalledWith('请求超时，请稍后重试');
  });
});
