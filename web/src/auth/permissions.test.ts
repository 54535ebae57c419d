import { describe, expect, it } from 'vitest';
import type { ButtonNode } from '../api/menu.ts';
import { permissionsOf } from './permissions.ts';

describe('permissionsOf', () => {
  it('turns every leaf code of the buttons tree into a true flag', () => {
    const tree: ButtonNode[] = [
      {
        code: 'system',
        children: [
          {
            code: 'param',
            children: [{ code: 'param_add' }, { code: 'param_edit' }, { code: 'param_delete' }, { code: 'param_view' }],
          },
          { code: 'user', children: [{ code: 'user_view', children: [] }] },
        ],
      },
      { code: 'notice_add' },
    ];
    expect(permissionsOf(tree)).toEqual({
      param_add: true,
      param_edit: true,
      param_delete: true,
      param_view: true,
      user_view: true,
      notice_add: true,
    });
  });

  it('does not grant the groups above the buttons', () => {
    const flags = permissionsOf([{ code: 'system', children: [{ code: 'param', children: [{ code: 'param_add' }] }] }]);
    expect(flags).not.toHaveProperty('system');
    expect(flags).not.toHaveProperty('param');
  });

  it('grants nothing for an empty tree', () => {
    expect(permissionsOf([])).toEqual({});
  });
});
