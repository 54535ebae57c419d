import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from './index.ts';

describe('form placeholders', () => {
  beforeAll(() => Promise.all([loadLanguage('zh'), loadLanguage('en')]));

  it('name the field in English as a phrase reads, not "Enter Contract number"', () => {
    expect(i18n.t('crud:inputPlaceholder', { label: 'Contract number', lng: 'en' })).toBe('Contract number');
    expect(i18n.t('crud:selectPlaceholder', { label: 'Status', lng: 'en' })).toBe('Status');
  });

  it('ask in Chinese as the spec writes it', () => {
    expect(i18n.t('crud:inputPlaceholder', { label: '合同编号', lng: 'zh' })).toBe('请输入合同编号');
    expect(i18n.t('crud:selectPlaceholder', { label: '状态', lng: 'zh' })).toBe('请选择状态');
  });
});
