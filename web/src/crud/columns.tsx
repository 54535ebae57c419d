import { type EntityDef, entityName, type FieldDef, isUnlimited } from '@park/catalog';
import type { TableColumnType } from 'antd';
import { lazy, type MouseEvent, type ReactNode, Suspense } from 'react';
import type { Row } from '../api/crud.ts';
import { currentLang, i18n, type Lang } from '../i18n/index.ts';
import { formatMoney } from '../utils/format.ts';
import { DictLabel } from './DictSelect.tsx';

// Read by their ids (react-query's useQueries), named rows load with a list that has such a column.
const PickedName = lazy(() =>
  import('../components/pickers/PickedName.tsx').then((module) => ({ default: module.PickedName })),
);

/**
 * A field's value as lists and detail views show it: dictionary label, the named row's name (read with
 * the row, for a `ref` with `as`), an entity's name for its key, formatted money, 不限制, the text itself.
 */
export function renderCell(field: FieldDef, value: unknown, row?: Row) {
  if (field.unlimited && isUnlimited(value)) return i18n.t('crud:unlimited');
  if (field.dict) return <DictLabel field={field} value={value} />;
  if (field.entityKey) return entityName(value, currentLang());
  if (field.ref?.as) return String(row?.[field.ref.as] ?? '');
  if (field.picker || field.ref) {
    return (
      <Suspense fallback={null}>
        <PickedName field={field} value={value} />
      </Suspense>
    );
  }
  // A picture in the file store, small, with the field's name as its text alternative.
  if (field.image) {
    return value ? (
      <img
        src={String(value)}
        alt={field.label[currentLang()]}
        style={{ height: 32, maxWidth: 64, objectFit: 'cover' }}
      />
    ) : (
      ''
    );
  }
  if (field.type === 'money') return formatMoney(value);
  // Dates stay the yyyy-MM-dd HH:mm:ss strings the server sends.
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Character widths (px) at the table's 14 px font, the widest of the usual fonts (DejaVu Sans, Segoe UI, PingFang):
 * Han characters, capitals, digits, other letters, and punctuation and spaces.
 */
const HAN = 14;
const CAPITAL = 10;
const DIGIT = 9;
const NARROW = 8;
const PUNCTUATION = 5;
/** A cell's side padding and border at the lists' own density (a roomier one widens one-line cells itself), and a sorter's arrows. */
const PADDING = 17;
const SORTER = 20;
/**
 * Free text gets room for this many characters (its maxLength, when shorter) and whatever the table has to spare;
 * beyond the column's width it is cut with an ellipsis.
 */
const TEXT_CHARS = 12;
const HAN_TEXT = /[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/;

/** The width (px) a text takes on one line, estimated by its characters' kinds. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    if (HAN_TEXT.test(char)) width += HAN;
    else if (/[A-Z]/.test(char)) width += CAPITAL;
    else if (/[0-9]/.test(char)) width += DIGIT;
    else if (/[\s\-:,.()/]/.test(char)) width += PUNCTUATION;
    else width += NARROW;
  }
  return Math.ceil(width);
}

/** The width of a value of `chars` characters of one kind. */
const chars = (count: number, width: number) => count * width;

/** The longest value of each kind that fits whole, as it is shown. */
const SAMPLES = {
  date: '2026-12-31',
  datetime: '2026-12-31 23:59:59',
  // Up to ten million yuan; a larger amount widens its column, still on one line.
  money: '1,234,567.89',
  number: '12345678',
  unlimited: '不限制',
  id: '1234567890123456789',
  mobile: '13800000000',
  phone: '0571-88888888',
  creditCode: '91330100MA2H3X4Y5N',
  time: '23:59',
} as const;
const sample = (kind: keyof typeof SAMPLES) => textWidth(SAMPLES[kind]);

/**
 * How a field's cells take their width: `fit` values (codes, phones, dates, datetimes, money, ids and
 * numbers) show whole on one line and the column is as wide as they are; `cut` values (names and other
 * free text) show on one line up to `width`, then end in an ellipsis with the whole text as the tooltip.
 */
export interface ColumnWidth {
  kind: 'fit' | 'cut';
  /** The column's width (px), padding included: what its values need, or its title if that is wider. */
  width: number;
  align?: 'right';
}

/** The content width (px) of a field's values, from its type, format and maxLength. */
function contentWidth(field: FieldDef, lang: Lang): Pick<ColumnWidth, 'kind' | 'align'> & { content: number } {
  if (field.dict || field.entityKey) return { kind: 'fit', content: lang === 'zh' ? chars(5, HAN) : chars(12, NARROW) };
  if (field.image) return { kind: 'fit', content: 64 };
  switch (field.type) {
    case 'date':
      return { kind: 'fit', content: sample('date') };
    case 'datetime':
      return { kind: 'fit', content: sample('datetime') };
    case 'money':
      return { kind: 'fit', content: sample('money'), align: 'right' };
    case 'int':
    case 'decimal':
      return { kind: 'fit', content: sample(field.unlimited ? 'unlimited' : 'number'), align: 'right' };
    case 'id':
      // A picked or referenced row shows by its name, a bare id by its 18 or 19 digits.
      return field.picker || field.ref
        ? { kind: 'cut', content: chars(TEXT_CHARS, HAN) }
        : { kind: 'fit', content: sample('id') };
    case 'text':
      return { kind: 'cut', content: chars(TEXT_CHARS, HAN) };
    default:
      break;
  }
  switch (field.format) {
    case 'mobile':
    case 'phone':
    case 'creditCode':
    case 'time':
      return { kind: 'fit', content: sample(field.format) };
    case 'cron':
    case 'email':
      return { kind: 'cut', content: chars(20, NARROW) };
    default: {
      // A short code or account (maxLength) needs no more than its length of capitals and digits.
      const length = field.maxLength ?? 64;
      return { kind: 'cut', content: Math.min(chars(length, CAPITAL), chars(TEXT_CHARS, HAN)) };
    }
  }
}

/**
 * A list column's width from the field's catalog declaration (type, format, maxLength) and its title in the
 * active language: the title may take two lines when it is wider than the values (English mostly), never
 * less than its longest word, so no word is broken.
 */
export function columnWidth(field: FieldDef, lang: Lang): ColumnWidth {
  const { kind, content, align } = contentWidth(field, lang);
  const title = field.label[lang];
  const sorter = field.sort ? SORTER : 0;
  const longestWord = Math.max(...title.split(/\s+/).map(textWidth));
  const titleWidth = Math.max(longestWord, title.includes(' ') ? textWidth(title) / 2 : textWidth(title)) + sorter;
  return { kind, width: Math.ceil(Math.max(content, titleWidth)) + PADDING, ...(align ? { align } : {}) };
}

/**
 * How much a list needs a column, most first. 0: the row's first column (what names it), amounts, states and yes/no
 * flags, which always show; 1: dates and other dictionary values; 2: numbers, short text, other rows' names, times;
 * 3: long text, pictures and tags, placed last and hidden first when the screen is narrow.
 */
export type ColumnPriority = 0 | 1 | 2 | 3;

const STATE = /(status|state)$/i;

/** Text longer than a name or an address (a remark, a path, a list of units), a picture or tags. */
function isLongText(field: FieldDef): boolean {
  if (field.type === 'text' || field.richText || field.image || field.tagKey !== undefined) return true;
  return field.type === 'string' && !field.format && !field.dict && (field.maxLength ?? 0) > 255;
}

/** A field's priority in its list (`first`: it is the list's first column); the catalog's `listPriority` decides first. */
export function columnPriority(field: FieldDef, first = false): ColumnPriority {
  if (first || field.listPriority === 'key') return 0;
  if (field.listPriority === 'low') return 3;
  if (field.type === 'money') return 0;
  if (field.dict && (STATE.test(field.name) || field.dict === 'yes_no')) return 0;
  if (isLongText(field)) return 3;
  if (field.type === 'date' || field.dict) return 1;
  return 2;
}

/** An entity's listed fields in their list order: the catalog's, long text moved after the rest. */
export function listedFields(entity: EntityDef): FieldDef[] {
  const listed = entity.fields.filter((field) => field.list !== false);
  const long = (field: FieldDef, index: number) => index > 0 && columnPriority(field) === 3;
  return [...listed.filter((field, index) => !long(field, index)), ...listed.filter(long)];
}

/** A column as the narrow-screen plan sees it: its least width (px) and how much the list needs it. */
export interface PlannedColumn {
  key: string;
  width: number;
  priority: ColumnPriority;
}

/** A column a screen adds that is no field (a computed value): about this wide, priority 2, unless it says its width. */
const OWN_COLUMN_WIDTH = 120;

/**
 * The plan of a list's columns (in their order): a field's column its width and priority from the catalog (a
 * screen's override keeps the field's priority, and its width when it gives one), a screen's own column its width.
 */
export function columnPlan(
  entity: EntityDef,
  lang: Lang,
  columns: { key?: unknown; width?: unknown }[],
): PlannedColumn[] {
  const fields = new Map(entity.fields.map((field) => [field.name, field]));
  const first = entity.fields.find((field) => field.list !== false)?.name;
  return columns.map((column) => {
    const key = String(column.key);
    const field = fields.get(key);
    const given = typeof column.width === 'number' && column.width > 1 ? column.width : undefined;
    if (!field) return { key, width: given ?? OWN_COLUMN_WIDTH, priority: 2 };
    return { key, width: given ?? columnWidth(field, lang).width, priority: columnPriority(field, key === first) };
  });
}

/**
 * The columns to hide so that every key column (priority 0) lies within `room` px without a sideways scroll: of the
 * columns before the last key column, the least needed first, of those the rightmost first. Columns after the last
 * key column are never hidden: the table scrolls to them, as to anything the user chose to show. Key columns are never
 * hidden, even when they alone do not fit. (Hiding to fit the whole row hid, at 1440 px, the roles and departments of
 * a list of users and a job's next run: what an operator reads.)
 */
export function columnsToHide(columns: PlannedColumn[], room: number): string[] {
  const lastKey = columns.reduce((last, column, index) => (column.priority === 0 ? index : last), -1);
  const before = columns.slice(0, lastKey + 1);
  let total = before.reduce((sum, column) => sum + column.width, 0);
  const candidates = before
    .map((column, index) => ({ ...column, index }))
    .filter((column) => column.priority > 0)
    .sort((a, b) => b.priority - a.priority || b.index - a.index);
  const hidden: string[] = [];
  for (const column of candidates) {
    if (total <= room) break;
    hidden.push(column.key);
    total -= column.width;
  }
  return hidden;
}

// New objects for each cell: antd adds its class names to what onCell and onHeaderCell answer.
const oneLine = () => ({ style: { whiteSpace: 'nowrap' } as const });
/** Titles wrap between words only (antd's own header may break a long English word). */
const titleCell = () => ({ style: { overflowWrap: 'normal', wordBreak: 'keep-all' } as const });

/** A plain value's text, for the tooltip of a cut cell; rendered ones (a dictionary label, a picked name) give none. */
function tooltipOf(shown: unknown): string | undefined {
  return typeof shown === 'string' || typeof shown === 'number' ? String(shown) : undefined;
}

/** A rendered value (a picked row's name) that is cut gets its whole text as its tooltip when the pointer comes. */
function titleWhenCut(event: MouseEvent<HTMLElement>) {
  const cell = event.currentTarget;
  if (!cell.title && cell.scrollWidth > cell.clientWidth) cell.title = cell.textContent ?? '';
}

/**
 * A field's list column: its title, its width (columnWidth) and its cells on one line, free text cut with an
 * ellipsis and whole in its tooltip. Custom screens that build their own tables take their field columns here too.
 *
 * A cut column asks for its width at least and takes what the table has to spare besides; its text is cut at the
 * width the column gets. The cell's box is sized without its content (`contain: inline-size`), so a long text
 * neither widens the column nor is cut short of it.
 */
export function fieldColumn(
  field: FieldDef,
  lang: Lang,
  render: (value: unknown, row: Row) => ReactNode = (value, row) => renderCell(field, value, row),
): TableColumnType<Row> {
  const { kind, width, align } = columnWidth(field, lang);
  const cut = {
    minWidth: width - PADDING,
    contain: 'inline-size',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  } as const;
  return {
    key: field.name,
    dataIndex: field.name,
    title: field.label[lang],
    width: kind === 'fit' ? width : undefined,
    align,
    sorter: field.sort ? true : undefined,
    onHeaderCell: titleCell,
    onCell: oneLine,
    render:
      kind === 'fit'
        ? render
        : (value: unknown, row: Row) => {
            const shown = render(value, row);
            return (
              // biome-ignore lint/a11y/noStaticElementInteractions: the pointer only fills in the tooltip, no action
              <div data-cut style={cut} title={tooltipOf(shown)} onMouseEnter={titleWhenCut}>
                {shown}
              </div>
            );
          },
  };
}

/** One column per listed field, in list order (listedFields); sortable ones sort on the server. */
export function dataColumns(entity: EntityDef, lang: Lang): TableColumnType<Row>[] {
  return listedFields(entity).map((field) => fieldColumn(field, lang));
}
