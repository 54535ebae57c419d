import { SettingOutlined } from '@ant-design/icons';
import type { EntityDef } from '@park/catalog';
import { Button, Card, Empty, Flex, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import { fetchDictParents } from '../../../api/system.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { useLang } from '../../../i18n/index.ts';
import { DictEntries } from './DictEntries.tsx';
import { parentsOf } from './dictEntities.ts';

/** Where a dictionary's entries show: in an 880 wide dialog, beside the list, or below it. */
export type DictLayout = 'dialog' | 'horizontal' | 'vertical';

interface DictScreenProps {
  entity: EntityDef;
  layout: DictLayout;
  /** The screen's own view button, when it is not the entity's own screen (the dictionary layouts). */
  viewButton?: string;
}

/** The dictionaries (system or business): their own rows in a list, the entries of the picked one as a tree. */
export function DictScreen({ entity, layout, viewButton }: DictScreenProps) {
  const { t } = useTranslation('system');
  const [picked, setPicked] = useState<Row | null>(null);
  const lang = useLang();
  const name = (lang === 'en' && picked?.dictValueEn) || picked?.dictValue;
  const title = picked && t('dict.entries', { name: String(name) });

  const parents = (
    <CrudPage
      entity={parentsOf(entity)}
      indexed
      load={(query) => fetchDictParents(entity.api, query)}
      defaults={{ dictKey: '-1', parentId: '0', isSealed: 0 }}
      viewButton={viewButton}
      // Beside or above the entries a click on a dictionary opens them, the picked one marked.
      onRowClick={layout === 'dialog' ? undefined : setPicked}
      pickedId={layout === 'dialog' ? undefined : picked?.id}
      rowActions={(row) => (
        <Button type="link" size="small" icon={<SettingOutlined />} onClick={() => setPicked(row)}>
          {t('dict.config')}
        </Button>
      )}
    />
  );
  const entries = picked && <DictEntries key={picked.id} entity={entity} dict={picked} viewButton={viewButton} />;

  if (layout === 'dialog') {
    return (
      <>
        {parents}
        <Modal open={picked !== null} title={title} width={880} footer={null} onCancel={() => setPicked(null)}>
          {entries}
        </Modal>
      </>
    );
  }
  return (
    <Flex vertical={layout === 'vertical'} gap={12} align="stretch">
      {/* Side by side the dictionaries take three fifths: their list has more columns than an entry's tree. */}
      <div style={{ flex: layout === 'horizontal' ? 3 : 1, minWidth: 0 }}>{parents}</div>
      <Card
        title={title}
        style={{ flex: layout === 'horizontal' ? 2 : 1, minWidth: 0 }}
        styles={{ body: { padding: 0 } }}
      >
        {entries ?? <Empty description={t(`dict.pick.${layout}`)} style={{ padding: 48 }} />}
      </Card>
    </Flex>
  );
}
