import { describe, expect, it } from 'vitest';
import { ownDepartments } from './system.ts';

describe('ownDepartments', () => {
  it("pairs the account's department ids with their names", () => {
    expect(ownDepartments({ deptId: '11,12', deptName: '招商部,物业部' })).toEqual([
      { value: '11', label: '招商部' },
      { value: '12', label: '物业部' },
    ]);
  });

  it('is empty without departments, and names by id when the names are out of step', () => {
    expect(ownDepartments({ deptId: null, deptName: '' })).toEqual([]);
    expect(ownDepartments(undefined)).toEqual([]);
    expect(ownDepartments({ deptId: '11,12', deptName: '物业部' })).toEqual([
      { value: '11', label: '11' },
      { value: '12', label: '12' },
    ]);
  });
});
