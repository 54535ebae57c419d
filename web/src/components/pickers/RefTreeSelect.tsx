import type { FieldDef } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import type { Row } from '../../api/crud.ts';
import { useClearable } from '../../crud/clearable.tsx';
import { fetchTree } from '../../crud/treeRows.ts';
import type { PickerInputProps } from './PickerField.tsx';
import { useReference } from './RefSelect.tsx';

interface Node {
  value: string;
  title: string;
  children?: Node[];
}

/** The tree's rows as the picker's nodes, titled by `nameField`. */
function nodesOf(rows: Row[], nameField: string): Node[] {
  return rows.map((row) => {
    const children = row.children as Row[] | undefined;
    return {
      value: row.id,
      title: String(row[nameField] ?? ''),
      ...(children?.length ? { children: nodesOf(children, nameField) } : {}),
    };
  });
}

const has = (nodes: Node[], value: string): boolean =>
  nodes.some((n) => n.value === value || (n.children !== undefined && has(n.children, value)));

/**
 * A form input holding the id of a row of a tree entity (catalog `tree`: industries, jobs, storeys) that a
 * `ref` names: the whole tree in a drop-down, searched by name, so a class is picked under its category
 * rather than from a flat list of look-alike names. A stored value is named by what the server read with
 * the row (`ref.as`) until the tree has loaded; a pick in the record form puts its name there too. A node
 * picked as its own parent is refused by the server (the tree's ancestry hooks).
 */
export function RefTreeSelect({
  field,
  search = false,
  id,
  value,
  onChange,
  placeholder,
  disabled,
}: PickerInputProps<string> & { field: FieldDef; search?: boolean }) {
  const { entity, nameField, as, carried, form } = useReference(field);
  const clearable = useClearable();
  const rows = useQuery({
    queryKey: ['crud', entity.key, 'tree-options'],
    queryFn: () => fetchTree(entity.api, { current: 1, size: 0 }),
    enabled: !disabled,
  });
  const nodes = nodesOf(rows.data ?? [], nameField);
  if (value && !has(nodes, value)) {
    nodes.unshift({ value, title: as && typeof carried === 'string' ? carried : value });
  }
  return (
    <TreeSelect
      id={id}
      showSearch
      allowClear={clearable}
      treeNodeFilterProp="title"
      loading={rows.isFetching}
      value={value ?? undefined}
      placeholder={placeholder}
      disabled={disabled}
      treeData={nodes}
      onChange={(next: string | undefined, labels) => {
        if (as && !search) form.setFieldValue(as, next ? String(labels?.[0] ?? '') : undefined);
        onChange?.(next);
      }}
    />
  );
}
