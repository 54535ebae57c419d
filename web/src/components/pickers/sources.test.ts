import { entities, PICKER_KINDS } from '@park/catalog';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLang } from '../../i18n/index.ts';
import { PICKER_PAGE_SIZE, PICKER_SOURCES, pickerDate, pickerSource } from './sources.ts';

describe('the row picker sources', () => {
  beforeEach(() => setLang('zh'));

  it('serves the six lists of the spec, each from its CRM endpoint', () => {
    expect(Object.keys(PICKER_SOURCES).sort()).toEqual([...PICKER_KINDS].sort());
    expect(PICKER_KINDS).toHaveLength(6);
    expect(pickerSource('staff').entity.api).toBe('blade-crm/staff');
    expect(pickerSource('certificate').entity.api).toBe('blade-crm/certificate');
    expect(pickerSource('project').entity.api).toBe('blade-crm/project');
    expect(pickerSource('enterprise').entity.api).toBe('blade-crm/enterprise');
    expect(pickerSource('qualification').entity.api).toBe('blade-crm/qualification');
    expect(pickerSource('intellectual-property').entity.api).toBe('blade-crm/intellectual-property');
  });

  it('names only fields its entity declares, the staff columns as spec part 3 lists them', () => {
    for (const source of Object.values(PICKER_SOURCES)) {
      const names = source.entity.fields.map((field) => field.name);
      for (const name of [source.nameField, ...source.columns, ...source.search]) expect(names).toContain(name);
    }
    expect(PICKER_SOURCES.staff.columns).toEqual([
      'staffName',
      'enterpriseId',
      'birthDate',
      'qualification',
      'joinDate',
      'dimissionDate',
      'identityType',
    ]);
  });

  it('is named only by id fields of the catalog: the enterprise of every CRM row, the project of a history record', () => {
    const picked = entities.flatMap((entity) =>
      entity.fields.filter((field) => field.picker).map((field) => ({ entity: entity.key, field })),
    );
    for (const { field } of picked) expect(field.type).toBe('id');
    expect(picked.find((p) => p.entity === 'project_history' && p.field.name === 'projectId')?.field.picker).toBe(
      'project',
    );
    expect(picked.filter((p) => p.field.picker === 'enterprise').every((p) => p.field.name === 'enterpriseId')).toBe(
      true,
    );
  });

  it('refuses an unknown field with 不被期望的field', () => {
    expect(() => pickerSource('room')).toThrow(new Error('不被期望的field'));
    expect(() => pickerSource('')).toThrow('不被期望的field');
    setLang('en');
    expect(() => pickerSource('room')).toThrow('Unexpected field');
  });

  it('pages by 10', () => {
    expect(PICKER_PAGE_SIZE).toBe(10);
  });
});

describe('pickerDate', () => {
  it('shows a date as yyyy年MM月dd日 in Chinese and yyyy-MM-dd in English', () => {
    expect(pickerDate('2026-03-05', 'zh')).toBe('2026年03月05日');
    expect(pickerDate('2026-03-05 08:30:00', 'zh')).toBe('2026年03月05日');
    expect(pickerDate('2026-03-05', 'en')).toBe('2026-03-05');
  });

  it('leaves empty values empty and unreadable ones as they are', () => {
    expect(pickerDate(null, 'zh')).toBe('');
    expect(pickerDate('', 'zh')).toBe('');
    expect(pickerDate('someday', 'zh')).toBe('someday');
  });
});
