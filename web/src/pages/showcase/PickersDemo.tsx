import { PICKER_KINDS, type PickerKind } from '@park/catalog';
import { Button, Card, Form, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud.ts';
import { EnterpriseSelector } from '../../components/pickers/EnterpriseSelector.tsx';
import { PersonPicker } from '../../components/pickers/PersonPicker.tsx';
import { RowPicker } from '../../components/pickers/RowPicker.tsx';
import { PICKER_SOURCES } from '../../components/pickers/sources.ts';
import { TagInput } from '../../components/pickers/TagInput.tsx';
import { useLang } from '../../i18n/index.ts';
import { Shown } from './Shown.tsx';

/** A list the row picker does not know: it answers 不被期望的field (spec part 8). */
const UNKNOWN_FIELD = 'unknown-list';
/** A tag key outside the tag lists: 不被期望的tagKey. */
const UNKNOWN_TAG_KEY = 'unknown_tag_key';

/** The tag input, the enterprise selector, the row picker over its six lists and the person picker. */
export function PickersDemo() {
  const { t } = useTranslation('showcase');
  const lang = useLang();
  const [tagsForm] = Form.useForm<{ tags?: string }>();
  const [enterpriseForm] = Form.useForm<{ enterprises?: string }>();
  const tags = Form.useWatch('tags', tagsForm);
  const enterprises = Form.useWatch('enterprises', enterpriseForm);
  const [list, setList] = useState<string>();
  const [row, setRow] = useState<{ kind: PickerKind; row: Row }>();
  const [picking, setPicking] = useState(false);
  const [people, setPeople] = useState<Row[]>([]);

  return (
    <>
      <Card title={t('tags')} data-testid="showcase-tags">
        <Form form={tagsForm} layout="vertical" style={{ maxWidth: 560 }}>
          <Form.Item name="tags" label={t('tagsKnown')}>
            <TagInput tagKey="guide_tag_option" />
          </Form.Item>
          <Shown testId="tags-value" value={tags} />
          <Form.Item label={t('tagsUnknown')} style={{ marginTop: 16 }}>
            <TagInput tagKey={UNKNOWN_TAG_KEY} />
          </Form.Item>
        </Form>
      </Card>

      <Card title={t('enterprise')} data-testid="showcase-enterprise">
        <Form form={enterpriseForm} layout="vertical" style={{ maxWidth: 560 }}>
          <Form.Item name="enterprises" label={t('enterprise')}>
            <EnterpriseSelector multiple />
          </Form.Item>
          <Shown testId="enterprise-value" value={enterprises} />
        </Form>
      </Card>

      <Card title={t('rowPicker')} data-testid="showcase-row-picker">
        <Space wrap>
          {PICKER_KINDS.map((kind) => (
            <Button key={kind} onClick={() => setList(kind)}>
              {PICKER_SOURCES[kind].entity.label[lang]}
            </Button>
          ))}
          <Button danger onClick={() => setList(UNKNOWN_FIELD)}>
            {t('rowPickerUnknown')}
          </Button>
        </Space>
        <Shown
          testId="row-picker-value"
          label={t('picked')}
          value={row && `${row.kind}: ${String(row.row[PICKER_SOURCES[row.kind].nameField] ?? '')} (${row.row.id})`}
        />
        {list && (
          <RowPicker
            field={list}
            onConfirm={(picked) => {
              setRow({ kind: list as PickerKind, row: picked });
              setList(undefined);
            }}
            onClose={() => setList(undefined)}
          />
        )}
      </Card>

      <Card title={t('person')} data-testid="showcase-person">
        <Button onClick={() => setPicking(true)}>{t('openPerson')}</Button>
        <Shown testId="person-value" label={t('picked')} value={people.map((user) => user.realName).join(', ')} />
        {picking && (
          <PersonPicker
            multiple
            onConfirm={(users) => {
              setPeople(users);
              setPicking(false);
            }}
            onClose={() => setPicking(false)}
          />
        )}
      </Card>
    </>
  );
}
