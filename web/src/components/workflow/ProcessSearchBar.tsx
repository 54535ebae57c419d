import { DatePicker, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchBar } from '../SearchBar.tsx';
import type { TaskFilters } from './api.ts';
import { type SearchValues, taskFiltersOf } from './lists.ts';
import { CategoryTreeSelect } from './StatusTag.tsx';

/** The search every process list offers (the task lists, 流程监控): category, process name, starter and dates. */
export function ProcessSearchBar({ name, onSearch }: { name: string; onSearch: (filters: TaskFilters) => void }) {
  const { t } = useTranslation('workflowRuntime');
  return (
    <SearchBar<SearchValues> name={name} onSearch={(values) => onSearch(taskFiltersOf(values))}>
      <Form.Item name="category" label={t('list.category')}>
        <CategoryTreeSelect />
      </Form.Item>
      <Form.Item name="processDefinitionName" label={t('list.processName')}>
        <Input allowClear style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="startUsername" label={t('list.starter')}>
        <Input allowClear style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="dates" label={t('list.dates')}>
        <DatePicker.RangePicker />
      </Form.Item>
    </SearchBar>
  );
}
