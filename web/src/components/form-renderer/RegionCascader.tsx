import { useQueries } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { useState } from 'react';
import { fetchRegionLevel, type TreeNode } from '../../api/system.ts';

/** The provinces' parent code in the region tree (blade-system/region/lazy-tree). */
const TOP = '0';

interface RegionOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: RegionOption[];
}

// The same cache entries as the 行政区划 screen's tree: a level read once serves both.
const levelQuery = (parentCode: string) => ({
  queryKey: ['crud', 'region', 'level', parentCode],
  queryFn: () => fetchRegionLevel(parentCode),
  staleTime: 30 * 60_000,
});

/**
 * The levels of the region tree read so far, by parent code: the provinces, every level along the held codes (so a
 * stored value shows its names), and the levels opened.
 */
function useRegionLevels(codes: readonly string[], opened: readonly string[] = []) {
  const parents = [...new Set([TOP, ...codes.slice(0, -1), ...opened])];
  const levels = useQueries({ queries: parents.map(levelQuery) });
  const byParent = new Map<string, TreeNode[] | undefined>(parents.map((code, i) => [code, levels[i].data]));
  return { byParent, loading: levels.some((level) => level.isPending) };
}

/** The names of region codes from the province down, as far as read (a code not read shows as itself). */
export function useRegionNames(codes: readonly string[]): string[] {
  const { byParent } = useRegionLevels(codes);
  return codes.map((code, i) => byParent.get(i === 0 ? TOP : codes[i - 1])?.find((n) => n.id === code)?.title ?? code);
}

interface RegionCascaderProps {
  id?: string;
  /** Region codes from the province down. */
  value?: string[] | null;
  onChange?: (value: string[] | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  'aria-label'?: string;
}

/** A region picked level by level (province, city, district, ...), each level read when it is opened. */
export function RegionCascader({ id, value, onChange, placeholder, disabled, ...aria }: RegionCascaderProps) {
  const [opened, setOpened] = useState<string[]>([]);
  const { byParent, loading } = useRegionLevels(value ?? [], opened);
  const optionsOf = (code: string): RegionOption[] | undefined =>
    byParent.get(code)?.map((node) => ({
      value: node.id,
      label: node.title,
      isLeaf: !node.hasChildren,
      children: optionsOf(node.id),
    }));
  return (
    <Cascader
      id={id}
      aria-label={aria['aria-label']}
      options={optionsOf(TOP) ?? []}
      value={value ?? undefined}
      onChange={(codes) => onChange?.(codes?.length ? codes.map(String) : undefined)}
      loadData={(path) => {
        const last = path[path.length - 1];
        if (last) setOpened((before) => [...before, String(last.value)]);
      }}
      changeOnSelect
      showSearch={false}
      loading={loading}
      placeholder={placeholder}
      disabled={disabled}
      allowClear
      style={{ width: '100%' }}
    />
  );
}
