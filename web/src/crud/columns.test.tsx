import { attach, enterprise, tenant } from '@park/catalog';
import { afterEach, describe, expect, it } from 'vitest';
import { setLang } from '../i18n/index.ts';
import { renderCell } from './columns.tsx';

const field = (name: string) => tenant.fields.find((f) => f.name === name)!;

describe('renderCell', () => {
  afterEach(() => setLang('zh'));

  it('shows a limit that -1 or nothing lifts as 不限制, and a set one as it is', () => {
    setLang('zh');
    expect(renderCell(field('accountNumber'), -1)).toBe('不限制');
    expect(renderCell(field('accountNumber'), null)).toBe('不限制');
    expect(renderCell(field('accountNumber'), 5)).toBe('5');
    expect(renderCell(field('accountNumber'), 0)).toBe('0');
    expect(renderCell(field('expireTime'), null)).toBe('不限制');
    expect(renderCell(field('expireTime'), '2030-01-31 23:59:59')).toBe('2030-01-31 23:59:59');
    setLang('en');
    expect(renderCell(field('accountNumber'), -1)).toBe('Unlimited');
  });

  it('leaves -1 of a number that is no limit as it is', () => {
    expect(renderCell({ ...field('accountNumber'), unlimited: false }, -1)).toBe('-1');
  });

  it('names a user id by the name the server read with the row', () => {
    const agentUser = enterprise.fields.find((f) => f.name === 'agentUser')!;
    const row = { id: '1', agentUser: '190000000000010399', agentAccount: 'yuanhang' };
    expect(renderCell(agentUser, row.agentUser, row)).toBe('yuanhang');
    expect(renderCell(agentUser, null, { id: '2', agentUser: null, agentAccount: null })).toBe('');
  });

  it("shows an entity key (an attachment's owner) as that entity's name in the language in use", () => {
    const businessType = attach.fields.find((f) => f.name === 'businessType')!;
    expect(renderCell(businessType, 'certificate')).toBe('证书奖项');
    setLang('en');
    expect(renderCell(businessType, 'certificate')).toBe('Certificates and awards');
    expect(renderCell(businessType, 'gone')).toBe('gone');
  });
});
