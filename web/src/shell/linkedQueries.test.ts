import { describe, expect, it } from 'vitest';
import { linkedQueryKeys, linkPath } from './linkedQueries.ts';

describe('the queries a pushed message makes stale', () => {
  it('are the linked screen’s lists and those over the same table', () => {
    const keys = linkedQueryKeys('/property/repair?repairNo=BX202401010001');
    expect(keys).toContainEqual(['crud', 'repair']);
    expect(keys).toContainEqual(['crud', 'work_order']);
    expect(keys).not.toContainEqual(['crud', 'feedback']);
    expect(linkedQueryKeys('/basic/feedback?title=x')).toContainEqual(['crud', 'feedback']);
    expect(linkedQueryKeys('/property/public-space?spaceName=x')).toContainEqual(['public-space']);
  });

  it('are none for no link, an unknown screen or a link out of the app', () => {
    expect(linkedQueryKeys(null)).toEqual([]);
    expect(linkedQueryKeys('/nowhere')).toEqual([]);
    expect(linkedQueryKeys('https://example.com/property/repair')).toEqual([]);
    expect(linkPath('//example.com/x')).toBeUndefined();
    expect(linkPath('/prod/report?title=a#b')).toBe('/prod/report');
  });
});
