import { crmStaff, enterprise, param, project, projectHistory } from '@park/catalog';
import { describe, expect, it, vi } from 'vitest';
import { submitRow } from './crud.ts';

describe('submitRow', () => {
  /** The path each save of the entity posts to, new row first, then an edit. */
  async function paths(entity: typeof param) {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response(JSON.stringify({ code: 200, success: true, data: {} })));
    await submitRow(entity, { name: 'x' });
    await submitRow(entity, { id: '1', name: 'x' });
    const called = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://host').pathname);
    fetchMock.mockRestore();
    return called;
  }

  it('posts to the generic submit', async () => {
    expect(await paths(param)).toEqual(['/api/blade-system/param/submit', '/api/blade-system/param/submit']);
  });

  it("uses the spec's own calls where part 7 lists them", async () => {
    expect(await paths(project)).toEqual(['/api/blade-crm/project/save', '/api/blade-crm/project/update']);
    expect(await paths(crmStaff)).toEqual(['/api/blade-crm/staff/save', '/api/blade-crm/staff/update']);
    expect(await paths(projectHistory)).toEqual([
      '/api/blade-crm/project/history/submit',
      '/api/blade-crm/project/history/submit',
    ]);
    expect((await paths(enterprise))[1]).toBe('/api/blade-crm/enterprise/update');
  });
});
