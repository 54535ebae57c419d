import { describe, expect, it } from 'vitest';
import { rolesOf, sharedRoles } from './sharedRoles.ts';

describe('sharedRoles', () => {
  it("is one user's own roles", () => {
    expect(sharedRoles([{ roleId: '1,2' }])).toEqual(['1', '2']);
  });

  it('is the roles every user holds', () => {
    expect(sharedRoles([{ roleId: '1,2,3' }, { roleId: '3,1' }, { roleId: '1, 3,4' }])).toEqual(['1', '3']);
    expect(sharedRoles([{ roleId: '1' }, { roleId: '2' }])).toEqual([]);
  });

  it('is none for a user without roles, or no users', () => {
    expect(sharedRoles([{ roleId: null }, { roleId: '1' }])).toEqual([]);
    expect(sharedRoles([])).toEqual([]);
    expect(rolesOf({ roleId: '' })).toEqual([]);
  });
});
