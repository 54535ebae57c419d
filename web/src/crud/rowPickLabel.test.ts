import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { rowPickLabel } from './rowPickLabel.ts';

const columns = [{ title: '#', key: 'index' }, { dataIndex: 'paramName' }, { dataIndex: 'paramKey' }];

describe('a row checkbox’s name', () => {
  it('is 选择 and the row’s first shown value, in the language', async () => {
    expect(rowPickLabel(columns, { id: '1', paramName: '站点名称', paramKey: 'site.name' })).toBe('选择 站点名称');
    // An empty first value gives way to the next.
    expect(rowPickLabel(columns, { id: '1', paramName: '', paramKey: 'site.name' })).toBe('选择 site.name');
    expect(rowPickLabel(columns, { id: '1' })).toBe('选择此行');
    await i18n.changeLanguage('en');
    try {
      expect(rowPickLabel(columns, { id: '1', paramName: 'Site' })).toBe('Select Site');
    } finally {
      await i18n.changeLanguage('zh');
    }
  });
});
