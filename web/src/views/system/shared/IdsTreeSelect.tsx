import { TreeSelect, type TreeSelectProps } from 'antd';
import type { TreeNode } from '../../../api/system.ts';
import { useMenuTreeLabels } from '../../../i18n/index.ts';
import { marksOf, toggled } from './checkTreeValue.ts';

interface IdsTreeSelectProps extends Omit<TreeSelectProps, 'value' | 'onChange' | 'treeData'> {
  treeData: TreeNode[] | undefined;
  /** Ids joined by commas, as the server stores them (roleId, deptId, menuId). */
  value?: string | null;
  onChange?: (value: string) => void;
  /**
   * Ticks with boxes (menus of a package), the value being exactly the held ids as in the grant
   * trees (checkTreeValue.ts): Ant Design's cascade would tick every button of a held menu.
   */
  checkable?: boolean;
}

const split = (value: string | null | undefined) => (value ? value.split(',').filter(Boolean) : []);

/** A multiple tree picker whose form value is the comma-joined id list; value, onChange and id come from the Form.Item. */
export function IdsTreeSelect({ treeData, value, onChange, checkable = false, ...props }: IdsTreeSelectProps) {
  const nodes = useMenuTreeLabels(treeData) ?? [];
  const held = split(value);
  const common: TreeSelectProps = {
    ...props,
    multiple: true,
    allowClear: true,
    showSearch: true,
    treeDefaultExpandAll: true,
    treeNodeFilterProp: 'title',
    maxTagCount: 'responsive',
    loading: treeData === undefined,
    treeData: nodes,
    style: { width: '100%' },
  };
  if (!checkable) {
    return <TreeSelect {...common} value={held} onChange={(ids: string[]) => onChange?.(ids.join(','))} />;
  }
  // Checked strictly, the marks shown and each change come from the held ids; a clear has no trigger.
  const marks = marksOf(nodes, held);
  return (
    <TreeSelect
      {...common}
      treeCheckable
      treeCheckStrictly
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      value={[
        ...marks.checked.map((id) => ({ value: id })),
        ...marks.halfChecked.map((id) => ({ value: id, halfChecked: true })),
      ]}
      onChange={(_, __, { triggerValue }) =>
        onChange?.(triggerValue === undefined ? '' : toggled(nodes, held, String(triggerValue), 'all').join(','))
      }
    />
  );
}

interface ParentSelectProps extends Omit<TreeSelectProps, 'value' | 'onChange' | 'treeData'> {
  treeData: TreeNode[] | undefined;
  value?: string | null;
  onChange?: (value: string) => void;
  /** The parent a row has when none is picked: 0 for a top row, the dictionary's row for its entries. */
  root?: string;
}

/** The parent of a tree row; the root shows as empty and clearing picks the root again. */
export function ParentSelect({ treeData, value, onChange, root = '0', ...props }: ParentSelectProps) {
  const nodes = useMenuTreeLabels(treeData);
  return (
    <TreeSelect
      {...props}
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      loading={nodes === undefined}
      treeData={nodes ?? []}
      value={value && value !== root ? value : undefined}
      onChange={(id?: string) => onChange?.(id ?? root)}
      style={{ width: '100%' }}
    />
  );
}
