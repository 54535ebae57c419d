import { crmStaff, enterpriseScoped } from '@park/catalog';
import { describe, expect, it } from 'vitest';
import { views } from '../../../router/views.ts';
import { ENTERPRISE_ID, fixedFields } from './scoped.ts';
import { ENTERPRISE_TABS, rowDetailPath } from './tabs.ts';

describe('ENTERPRISE_TABS', () => {
  it('has the 16 tabs of the spec, in its order', () => {
    expect(ENTERPRISE_TABS.map((tab) => tab.key)).toEqual([
      'business',
      'staff',
      'intellectual-property',
      'qualification',
      'certificate',
      'project',
      'enterprisePlan',
      'history',
      'agreement',
      'economic',
      'rdPlatform',
      'workshop',
      'finance',
      'production',
      'production-detail',
      'standard',
    ]);
  });

  it('shows only enterprise-scoped entities, each once', () => {
    const entities = ENTERPRISE_TABS.flatMap((tab) => [tab.entity, tab.below, tab.child?.entity]).filter(Boolean);
    expect(new Set(entities).size).toBe(entities.length);
    for (const entity of entities) expect(enterpriseScoped).toContain(entity);
  });

  it('names parents by fields their entities have', () => {
    for (const { child, parent, entity } of ENTERPRISE_TABS) {
      if (child) expect(child.entity.fields.map((f) => f.name)).toContain(child.field);
      if (child) expect(entity.fields.map((f) => f.name)).toContain(child.nameField);
      if (parent) expect(entity.fields.map((f) => f.name)).toContain(parent.field);
      if (parent) expect(parent.entity.fields.map((f) => f.name)).toContain(parent.nameField);
    }
  });
});

describe('row detail pages', () => {
  const detailed = ENTERPRISE_TABS.filter((tab) => tab.detail);

  it("are the spec's five, at <route>/detail/:params, each with its view", () => {
    expect(detailed.map((tab) => rowDetailPath(tab, '1'))).toEqual([
      '/crm/intellectual-property/detail/1',
      '/crm/qualification/detail/1',
      '/crm/certificate/detail/1',
      '/crm/project/detail/1',
      '/crm/rd-platform/detail/1',
    ]);
    for (const tab of detailed) expect(views.has(`${tab.entity.route}/detail/:params`)).toBe(true);
  });

  it('name their row by a field it has', () => {
    for (const { entity, detail } of detailed) {
      expect(entity.fields.map((f) => f.name)).toContain(detail?.nameField);
    }
  });
});

describe('menu lists', () => {
  it('of every tab with row buttons have a view of their own, so they carry the same buttons', () => {
    const withButtons = ENTERPRISE_TABS.filter((tab) => tab.detail || tab.child || tab.attachments || tab.rowActions);
    expect(withButtons.map((tab) => tab.entity.route)).toEqual([
      '/crm/staff',
      '/crm/intellectual-property',
      '/crm/qualification',
      '/crm/certificate',
      '/crm/project',
      '/crm/rd-platform',
      '/crm/workshop',
    ]);
    for (const tab of withButtons) expect(views.has(tab.entity.route), tab.entity.route).toBe(true);
  });
});

describe('fixedFields', () => {
  it('takes the fixed fields out of the list, the search and the form, and keeps the rest', () => {
    const scoped = fixedFields(crmStaff, [ENTERPRISE_ID]);
    const field = scoped.fields.find((f) => f.name === ENTERPRISE_ID);
    expect(field).toMatchObject({ list: false, search: false, form: false });
    expect(scoped.fields.filter((f) => f.name !== ENTERPRISE_ID)).toEqual(
      crmStaff.fields.filter((f) => f.name !== ENTERPRISE_ID),
    );
    expect(scoped.key).toBe(crmStaff.key);
  });

  it('gives the same entity for the same fields, so screens keep it between renders', () => {
    expect(fixedFields(crmStaff, [ENTERPRISE_ID])).toBe(fixedFields(crmStaff, [ENTERPRISE_ID]));
  });
});
