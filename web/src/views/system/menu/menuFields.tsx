import { Input, type InputProps, Select, type SelectProps, Space, type TableColumnType } from 'antd';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import type { FieldInputs } from '../../../crud/RecordModal.tsx';
import { menuLabel, useLang } from '../../../i18n/index.ts';
import { menuIconOf } from '../../../shell/menuIcon.tsx';
import { QueryParentSelect } from '../shared/QueryTreeSelects.tsx';
import { menuTreeQuery } from '../shared/treeQueries.ts';

/** The stored values of the menu's choice fields and their texts (the seeded dictionaries speak Chinese only). */
const CHOICES = {
  category: [
    [1, 'menu.category.menu'],
    [2, 'menu.category.button'],
  ],
  action: [
    [0, 'menu.action.none'],
    [1, 'menu.action.toolbar'],
    [2, 'menu.action.row'],
    [3, 'menu.action.both'],
  ],
  isOpen: [
    [1, 'menu.isOpen.no'],
    [2, 'menu.isOpen.yes'],
  ],
} as const;

type Choice = keyof typeof CHOICES;

/** What a new row starts as: a menu, with no button place, opening in the console. */
export const MENU_DEFAULTS = { category: 1, action: 0, isOpen: 1 };

function ChoiceSelect({ choice, ...props }: SelectProps & { choice: Choice }) {
  const { t } = useTranslation('system');
  return <Select {...props} options={CHOICES[choice].map(([value, label]) => ({ value, label: t(label) }))} />;
}

function ChoiceLabel({ choice, value }: { choice: Choice; value: unknown }) {
  const { t } = useTranslation('system');
  const label = CHOICES[choice].find(([key]) => key === Number(value))?.[1];
  return label ? t(label) : null;
}

/**
 * A menu's or button's name as the sidebar and the grant trees show it: by its code in the user's language.
 * The form keeps the stored name, which the English name of a built-in code stands in for.
 */
export function MenuRowName({ row }: { row: Row }) {
  const lang = useLang();
  return menuLabel(String(row.code ?? ''), String(row.name ?? ''), lang, Number(row.category) === 2);
}

/** The icon a `source` names, as the sidebar shows it. */
function MenuIcon({ source }: { source: unknown }) {
  return createElement(menuIconOf(typeof source === 'string' ? source : undefined));
}

/** The icon field: its name typed, its icon shown before it. */
function SourceInput({ value, ...props }: InputProps) {
  return <Input {...props} value={value} allowClear prefix={<MenuIcon source={value} />} />;
}

const choiceInput =
  (choice: Choice): FieldInputs[string] =>
  ({ placeholder }) => <ChoiceSelect choice={choice} placeholder={placeholder} />;

/** The menu form's own inputs: the parent from the menu tree, the icon with its preview, the choices in the user's language. */
export const menuInputs: FieldInputs = {
  parentId: ({ placeholder }) => <QueryParentSelect tree={menuTreeQuery} placeholder={placeholder} />,
  source: ({ placeholder }) => <SourceInput placeholder={placeholder} />,
  category: choiceInput('category'),
  action: choiceInput('action'),
  isOpen: choiceInput('isOpen'),
};

/** The list's name, icon and type cells. */
export const menuColumns: TableColumnType<Row>[] = [
  { key: 'name', render: (_: unknown, row: Row) => <MenuRowName row={row} /> },
  {
    key: 'source',
    render: (source: unknown) => (
      <Space>
        <MenuIcon source={source} />
        {typeof source === 'string' ? source : ''}
      </Space>
    ),
  },
  { key: 'category', render: (value: unknown) => <ChoiceLabel choice="category" value={value} /> },
];
