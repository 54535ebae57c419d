import { Flex, Select, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictEntry } from '../../../api/dict.ts';
import { type DefaultEnterprise, useEnterpriseOptions } from './data.ts';

/** A pause in typing before the list is asked again. */
const TYPING_MS = 300;

/** The enterprise status that is in the park (enterprise_status 1); any other is shown beside the name. */
const IN_PARK = 1;

/**
 * The enterprise picker: the caller's enterprises (overview/list) a page at a time, narrowed by name on the
 * server as one types, never the whole list; the default enterprise marked as such.
 */
export function EnterprisePicker({
  id,
  value,
  current,
  fallback,
  statuses,
  onChange,
}: {
  id: string;
  value: string | undefined;
  /** The default enterprise (getDefaultEnterprise). */
  current: DefaultEnterprise | undefined;
  /** The chosen enterprise's name while it is not among the options (another page of the list). */
  fallback: string | undefined;
  statuses: DictEntry[] | undefined;
  onChange: (id: string, name: string) => void;
}) {
  const { t } = useTranslation('decision', { keyPrefix: 'overview' });
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setName(typed.trim()), TYPING_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const rows = useEnterpriseOptions(name);

  const isDefault = (enterprise: string) => current?.chosen === true && current.id === enterprise;
  const labelOf = (enterprise: string, enterpriseName: string, status: number | null) => (
    <Flex gap={6} align="center">
      <Typography.Text ellipsis>{enterpriseName}</Typography.Text>
      {status !== null && status !== IN_PARK && (
        <Tag style={{ marginInlineEnd: 0 }}>
          {statuses?.find((s) => s.dictKey === String(status))?.dictValue ?? status}
        </Tag>
      )}
      {isDefault(enterprise) && (
        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
          {t('defaultMark')}
        </Tag>
      )}
    </Flex>
  );
  const options = (rows.data?.records ?? []).map((r) => ({
    value: r.id,
    title: r.enterpriseName,
    label: labelOf(r.id, r.enterpriseName, r.status),
  }));
  // The chosen one while it is on another page of the list, so the closed picker names it; not among a search's finds.
  if (value && !options.some((o) => o.value === value) && fallback && !typed.trim()) {
    options.unshift({ value, title: fallback, label: labelOf(value, fallback, null) });
  }

  return (
    <Select
      id={id}
      value={value}
      options={options}
      onChange={(next: string, option) => {
        setTyped('');
        onChange(next, option && !Array.isArray(option) ? String(option.title ?? '') : '');
      }}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={rows.isFetching}
      placeholder={t('pickerPlaceholder')}
      notFoundContent={rows.isFetching ? undefined : t('none')}
      style={{ width: 420, maxWidth: '100%' }}
    />
  );
}
