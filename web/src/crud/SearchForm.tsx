import type { EntityDef } from '@park/catalog';
import { Form } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SearchBar } from '../components/SearchBar.tsx';
import { useLang } from '../i18n/index.ts';
import { DATETIME_FORMAT } from './dates.ts';
import { fieldInput } from './fieldInput.tsx';
import { CREATE_TIME_RANGE, type SearchValues, searchFieldsOf } from './filters.ts';
import { TimeRangeInput } from './TimeRangeInput.tsx';

/** A picked range spans whole days unless the user sets the times. */
const RANGE_TIMES = [dayjs('00:00:00', 'HH:mm:ss'), dayjs('23:59:59', 'HH:mm:ss')];

/** The list's search form: the entity's searchable fields and the creation-time range; ids are `<name>_<field>`. */
export function SearchForm({
  entity,
  onSearch,
  name = 'search',
  collapse,
  initialValues,
}: {
  entity: EntityDef;
  onSearch: (values: SearchValues) => void;
  /** The form's name, the prefix of its input ids: two lists on one screen need two. */
  name?: string;
  /** Folded to its first row of fields (展开/收起), as the list's settings keep it. */
  collapse?: { collapsed: boolean; onChange: (collapsed: boolean) => void };
  /** The search the list opened with (a link's, `linkedSearch`). */
  initialValues?: SearchValues;
}) {
  const { t } = useTranslation('crud');
  const lang = useLang();
  return (
    <SearchBar<SearchValues> name={name} onSearch={onSearch} collapse={collapse} initialValues={initialValues}>
      {searchFieldsOf(entity).map((field) => (
        <Form.Item key={field.name} name={field.name} label={field.label[lang]}>
          {fieldInput(field, lang, { search: true })}
        </Form.Item>
      ))}
      {/* The widest field: on a narrow card it shrinks to the card's width rather than spill out of it. */}
      <Form.Item name={CREATE_TIME_RANGE} label={t('createTime')} style={{ maxWidth: '100%' }}>
        <TimeRangeInput
          showTime={{ defaultOpenValue: RANGE_TIMES }}
          format={DATETIME_FORMAT}
          placeholder={[t('rangeStart'), t('rangeEnd')]}
          // Either end may stay empty ("since", "until"). Without this the picker holds the focus on an empty
          // start field: Tab to the end field was pulled back to it for ever (a keyboard trap).
          allowEmpty={[true, true]}
          style={{ maxWidth: '100%' }}
        />
      </Form.Item>
    </SearchBar>
  );
}
