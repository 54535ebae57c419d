import { Input, type InputProps, Space, type TableColumnType } from 'antd';
import { createElement } from 'react';
import type { Row } from '../../../api/crud.ts';
import type { FieldInputs } from '../../../crud/RecordModal.tsx';
import { menuLabel, useLang } from '../../../i18n/index.ts';
import { menuIconOf } from '../../../shell/menuIcon.tsx';
import { QueryParentSelect } from '../shared/QueryTreeSelects.tsx';
import { menuTreeQuery } from '../shared/treeQueries.ts';

/** What a new row starts as: a menu, with no button place, opening in the console. */
export const MENU_DEFAULTS = { category: 1, action: 0, isOpen: 1 };

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

/** The menu form's own inputs: the parent from the menu tree, the icon with its preview. */
export const menuInputs: FieldInputs = {
  parentId: ({ placeholder }) => <QueryParentSelect tree={menuTreeQuery} placeholder={placeholder} />,
  source: ({ placeholder }) => <SourceInput placeholder={placeholder} />,
};

/** The list's name and icon cells. */
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
];
