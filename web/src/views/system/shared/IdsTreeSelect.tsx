import { TreeSelect, type TreeSelectProps } from 'antd';
import type { TreeNode } from '../../../api/system.ts';

interface IdsTreeSelectProps extends Omit<TreeSelectProps, 'value' | 'onChange' | 'treeData'> {
  treeData: TreeNode[] | undefined;
  /** Ids joined by commas, as the server stores them (roleId, deptId, menuId). */
  value?: string | null;
  onChange?: (value: string) => void;
  /** Ticks with boxes, parents and children checked together (menus of a package). */
  checkable?: boolean;
}

const split = (value: string | null | undefined) => (value ? value.split(',').filter(Boolean) : []);

/** A multiple tree picker whose form value is the comma-joined id list; value, onChange and id come from the Form.Item. */
export function IdsTreeSelect({ treeData, value, onChange, checkable = false, ...props }: IdsTreeSelectProps) {
  return (
    <TreeSelect
      {...props}
      multiple
      treeCheckable={checkable}
      showCheckedStrategy={checkable ? TreeSelect.SHOW_ALL : undefined}
      treeCheckStrictly={false}
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      maxTagCount="responsive"
      loading={treeData === undefined}
      treeData={treeData ?? []}
      value={split(value)}
      onChange={(ids: string[]) => onChange?.(ids.join(','))}
      style={{ width: '100%' }}
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
  return (
    <TreeSelect
      {...props}
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      loading={treeData === undefined}
      treeData={treeData ?? []}
      value={value && value !== root ? value : undefined}
      onChange={(id?: string) => onChange?.(id ?? root)}
      style={{ width: '100%' }}
    />
  );
}
