import { describe, expect, it } from 'vitest';
import { pathMatches } from '../src/platform/permissions.ts';

/** An API scope's path fences the calls it names, however an operator wrote it. */
describe('an API scope path', () => {
  const call = '/api/blade-user/export-user';

  it('matches with or without /api and with or without the leading slash', () => {
    for (const rule of ['/api/blade-user/export-user', '/blade-user/export-user', 'blade-user/export-user']) {
      expect(pathMatches(rule, call), rule).toBe(true);
      expect(pathMatches(rule, `${call}?account=x`), rule).toBe(true);
    }
    expect(pathMatches(' api/blade-user/export-user ', call)).toBe(true);
  });

  it('fences a subtree with /** and nothing beside it', () => {
    expect(pathMatches('blade-user/**', call)).toBe(true);
    expect(pathMatches('/api/blade-user/**', '/api/blade-user/page')).toBe(true);
    expect(pathMatches('blade-user/**', '/api/blade-users/page')).toBe(false);
    expect(pathMatches('blade-user/export', call)).toBe(false);
    expect(pathMatches('/blade-user/export-user/x', call)).toBe(false);
  });
});
