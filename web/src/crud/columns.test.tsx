import { attach, type EntityDef, enterprise, type FieldDef, policy, prodReport, tenant } from '@park/catalog';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLang } from '../i18n/index.ts';
import {
  columnPlan,
  columnPriority,
  columnsToHide,
  columnWidth,
  dataColumns,
  listedFields,
  renderCell,
  textWidth,
} from './columns.tsx';

const field = (name: string) => tenant.fields.find((f) => f.name === name)!;

describe('renderCell', () => {
  afterEach(() => setLang('zh'));

  it('shows a limit that -1 or nothing lifts as 不限制, and a set one as it is', () => {
    setLang('zh');
    expect(renderCell(field('accountNumber'), -1)).toBe('不限制');
    expect(renderCell(field('accountNumber'), null)).toBe('不限制');
    expect(renderCell(field('accountNumber'), 5)).toBe('5');
    expect(renderCell(field('accountNumber'), 0)).toBe('0');
    expect(renderCell(field('expireTime'), null)).toBe('不限制');
    expect(renderCell(field('expireTime'), '2030-01-31 23:59:59')).toBe('2030-01-31 23:59:59');
    setLang('en');
    expect(renderCell(field('accountNumber'), -1)).toBe('Unlimited');
  });

  it('leaves -1 of a number that is no limit as it is', () => {
    expect(renderCell({ ...field('accountNumber'), unlimited: false }, -1)).toBe('-1');
  });

  it('names a user id by the name the server read with the row', () => {
    const agentUser = enterprise.fields.find((f) => f.name === 'agentUser')!;
    const row = { id: '1', agentUser: '190000000000010399', agentAccount: 'yuanhang' };
    expect(renderCell(agentUser, row.agentUser, row)).toBe('yuanhang');
    expect(renderCell(agentUser, null, { id: '2', agentUser: null, agentAccount: null })).toBe('');
  });

  it("shows an entity key (an attachment's owner) as that entity's name in the language in use", () => {
    const businessType = attach.fields.find((f) => f.name === 'businessType')!;
    expect(renderCell(businessType, 'certificate')).toBe('证书奖项');
    setLang('en');
    expect(renderCell(businessType, 'certificate')).toBe('Certificates and awards');
    expect(renderCell(businessType, 'gone')).toBe('gone');
  });
});

describe('columnWidth', () => {
  const fieldOf = (entity: typeof enterprise, name: string) => entity.fields.find((f) => f.name === name)!;

  it('fits codes, phones, dates, datetimes, money and bare ids whole, wider for longer values', () => {
    const credit = columnWidth(fieldOf(enterprise, 'creditCode'), 'zh');
    const phone = columnWidth(fieldOf(enterprise, 'agentPhone'), 'zh');
    const date = columnWidth(fieldOf(enterprise, 'entryDate'), 'zh');
    const money = columnWidth(fieldOf(enterprise, 'registeredCapital'), 'zh');
    for (const width of [credit, phone, date, money]) expect(width.kind).toBe('fit');
    // 18 characters of capitals and digits, wider than a 13-character phone number, wider than a date.
    expect(credit.width).toBeGreaterThan(phone.width);
    expect(phone.width).toBeGreaterThan(date.width);
    expect(credit.width).toBeGreaterThan(textWidth('91330100MA2H3X4Y5N'));
    expect(money.align).toBe('right');
    const datetime = columnWidth({ name: 't', type: 'datetime', label: { zh: '时间', en: 'Time' } }, 'zh');
    expect(datetime.width).toBeGreaterThan(textWidth('2026-12-31 23:59:59'));
    expect(datetime.width).toBeGreaterThan(date.width);
    expect(columnWidth({ name: 'i', type: 'id', label: { zh: '编号', en: 'Id' } }, 'en').kind).toBe('fit');
  });

  it('cuts names and free text, a short maxLength giving a narrower column', () => {
    const name = columnWidth(fieldOf(enterprise, 'enterpriseName'), 'zh');
    expect(name.kind).toBe('cut');
    const short = columnWidth({ name: 'c', type: 'string', maxLength: 6, label: { zh: '代码', en: 'Code' } }, 'zh');
    expect(short.kind).toBe('cut');
    expect(short.width).toBeLessThan(name.width);
    // A picked row shows by its name: cut like one.
    expect(columnWidth(fieldOf(enterprise, 'agentUser'), 'zh').kind).toBe('cut');
  });

  it("is at least as wide as the title's longest word in the language in use, plus the sorter's arrows", () => {
    const field = { name: 'c', type: 'date', label: { zh: '日期', en: 'Internationalisation date' } } as const;
    const zh = columnWidth(field, 'zh');
    const en = columnWidth(field, 'en');
    expect(en.width).toBeGreaterThan(zh.width);
    expect(en.width).toBeGreaterThanOrEqual(textWidth('Internationalisation'));
    expect(columnWidth({ ...field, sort: true }, 'en').width).toBeGreaterThan(en.width);
  });

  it('estimates Han characters wider than capitals and digits, and those wider than other letters', () => {
    expect(textWidth('企业')).toBeGreaterThan(textWidth('AB'));
    expect(textWidth('AB')).toBeGreaterThan(textWidth('ab'));
  });
});

describe('dataColumns', () => {
  it('keeps every cell on one line and gives fitted columns their width, cut ones a tooltip', () => {
    const columns = dataColumns(enterprise, 'en');
    const credit = columns.find((c) => c.key === 'creditCode')!;
    expect(credit.width).toBe(columnWidth(enterprise.fields.find((f) => f.name === 'creditCode')!, 'en').width);
    expect(credit.onCell?.({ id: '1' })).toEqual({ style: { whiteSpace: 'nowrap' } });
    const name = columns.find((c) => c.key === 'enterpriseName')!;
    expect(name.width).toBeUndefined();
    const long = 'A long enterprise name that does not fit its column';
    render(name.render?.(long, { id: '1', enterpriseName: long }, 0) as ReactElement);
    const cell = screen.getByText(long);
    expect(cell.getAttribute('title')).toBe(long);
    expect(cell.style.textOverflow).toBe('ellipsis');
    expect(cell.style.whiteSpace).toBe('nowrap');
    // Cut at the width the column gets (its content does not size it), at least the planned one: not at a fixed width.
    expect(cell.style.maxWidth).toBe('');
    expect(cell.style.contain).toBe('inline-size');
    const planned = columnWidth(enterprise.fields.find((f) => f.name === 'enterpriseName')!, 'en').width;
    expect(Number.parseFloat(cell.style.minWidth)).toBe(planned - 17);
  });
});

const text = (name: string, more: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'string',
  label: { zh: name, en: name },
  ...more,
});

describe('columnPriority and listedFields', () => {
  const of = (entity: EntityDef, name: string) => entity.fields.find((f) => f.name === name)!;

  it('keeps the first column, amounts, states and yes/no flags; then dates and other dictionaries; then the rest; long text last', () => {
    expect(columnPriority(of(prodReport, 'enterpriseId'), true)).toBe(0);
    expect(columnPriority(of(prodReport, 'enterpriseId'))).toBe(2);
    expect(columnPriority(of(enterprise, 'registeredCapital'))).toBe(0);
    expect(columnPriority(of(enterprise, 'status'))).toBe(0);
    // 是否逾期: a flag that decides work.
    expect(columnPriority(of(prodReport, 'overdue'))).toBe(0);
    expect(columnPriority(of(prodReport, 'dueDate'))).toBe(1);
    expect(columnPriority(of(prodReport, 'reportType'))).toBe(1);
    // The report's title: short text, but the catalog marks it key (what the report is).
    expect(columnPriority(of(prodReport, 'title'))).toBe(0);
    expect(columnPriority(text('subject'))).toBe(2);
    expect(columnPriority(text('remark', { type: 'text' }))).toBe(3);
    expect(columnPriority(text('path', { maxLength: 500 }))).toBe(3);
    expect(columnPriority(of(policy, 'tags'))).toBe(3);
    // The catalog's hint decides over the kind.
    expect(columnPriority(text('remark', { type: 'text', listPriority: 'key' }))).toBe(0);
    expect(columnPriority(text('amount', { type: 'money', listPriority: 'low' }))).toBe(3);
  });

  it('lists long text after the rest, the first column staying first, the others in the catalog order', () => {
    const entity = {
      ...prodReport,
      fields: [
        text('notes', { type: 'text' }),
        text('name'),
        text('remark', { type: 'text' }),
        text('hidden', { list: false }),
        text('amount', { type: 'money' }),
      ],
    };
    expect(listedFields(entity).map((f) => f.name)).toEqual(['notes', 'name', 'amount', 'remark']);
    expect(dataColumns(entity, 'zh').map((c) => c.key)).toEqual(['notes', 'name', 'amount', 'remark']);
  });
});

describe('columnPlan and columnsToHide', () => {
  it("plans a field's column by its catalog width and priority, a screen's width when it gives one, its own columns at 120", () => {
    const plan = columnPlan(prodReport, 'zh', [
      { key: 'enterpriseId' },
      { key: 'overdue', width: 150 },
      { key: 'dueDate' },
      { key: 'progress' },
    ]);
    expect(plan).toEqual([
      { key: 'enterpriseId', width: columnWidth(prodReport.fields[0], 'zh').width, priority: 0 },
      { key: 'overdue', width: 150, priority: 0 },
      {
        key: 'dueDate',
        width: columnWidth(prodReport.fields.find((f) => f.name === 'dueDate')!, 'zh').width,
        priority: 1,
      },
      { key: 'progress', width: 120, priority: 2 },
    ]);
  });

  const columns = [
    { key: 'name', width: 200, priority: 0 },
    { key: 'date', width: 100, priority: 1 },
    { key: 'code', width: 100, priority: 2 },
    { key: 'phone', width: 100, priority: 2 },
    { key: 'amount', width: 120, priority: 0 },
    { key: 'remark', width: 200, priority: 3 },
  ] as const;

  it('hides nothing when the key columns fit, whatever follows the last of them (the table scrolls to it)', () => {
    expect(columnsToHide([...columns], 620)).toEqual([]);
    expect(columnsToHide([...columns], 620 - 1 + 200)).toEqual([]);
  });

  it('hides, of the columns before the last key column, the least needed first, of equal need the rightmost', () => {
    expect(columnsToHide([...columns], 619)).toEqual(['phone']);
    expect(columnsToHide([...columns], 520)).toEqual(['phone']);
    expect(columnsToHide([...columns], 519)).toEqual(['phone', 'code']);
    expect(columnsToHide([...columns], 419)).toEqual(['phone', 'code', 'date']);
  });

  it('never hides the key columns, even when they alone do not fit', () => {
    expect(columnsToHide([...columns], 100)).toEqual(['phone', 'code', 'date']);
  });
});
