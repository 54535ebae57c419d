import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { TokenAnswer } from '../api/auth.ts';
import { useKeptPages } from '../stores/keptPages.ts';
import { sessionDeptRole, useSession } from '../stores/session.ts';
import { useTags } from '../stores/tags.ts';
import { beginSession, switchSession } from './lifecycle.ts';

/** Switch mode on the client: which Dept-Id / Role-Id a refresh names, and what a switch starts afresh. */
function tokenOf(deptId: string, roleId: string): TokenAnswer {
  return {
    access_token: `access-${deptId}-${roleId}`,
    refresh_token: `refresh-${deptId}-${roleId}`,
    token_type: 'bearer',
    expires_in: 3600,
    tenant_id: '000000',
    user_id: '1',
    dept_id: deptId,
    role_id: roleId,
    account: 'switcher',
    user_name: 'switcher',
    nick_name: '',
    real_name: '',
    role_name: '',
    avatar: '',
  };
}

let fetchMock: MockInstance<typeof fetch>;

beforeEach(() => {
  fetchMock = vi.spyOn(globalThis, 'fetch');
});

afterEach(() => {
  vi.restoreAllMocks();
  useSession.getState().clear();
});

describe('sessionDeptRole', () => {
  it('names the session’s department and role only in switch mode', () => {
    beginSession(tokenOf('11,12', '21,22'), 'platform', false);
    expect(sessionDeptRole()).toBeUndefined();
    beginSession(tokenOf('11,12', '21,22'), 'platform', true);
    expect(sessionDeptRole()).toEqual({ deptId: '11,12', roleId: '21,22' });
  });
});

describe('switchSession', () => {
  it('refreshes with Dept-Id / Role-Id, keeps the answer, and closes the open pages', async () => {
    beginSession(tokenOf('11,12', '21,22'), 'platform', true);
    useTags.getState().open({ path: '/system/param', code: 'param', name: '参数管理' });
    useKeptPages.getState().keep({ path: '/system/param', search: '', hash: '' });
    fetchMock.mockResolvedValue(new Response(JSON.stringify(tokenOf('12', '21')), { status: 200 }));

    await switchSession({ deptId: '12', roleId: '21' });

    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toContain('grant_type=refresh_token');
    expect(String(url)).toContain('refresh_token=refresh-11%2C12-21%2C22');
    const headers = new Headers(init?.headers);
    expect(headers.get('Dept-Id')).toBe('12');
    expect(headers.get('Role-Id')).toBe('21');
    expect(useSession.getState()).toMatchObject({
      accessToken: 'access-12-21',
      switchMode: true,
      user: { deptId: '12', roleId: '21' },
    });
    expect(sessionDeptRole()).toEqual({ deptId: '12', roleId: '21' });
    expect(useTags.getState().tags).toEqual([]);
    expect(useKeptPages.getState().pages).toEqual([]);
  });
});
