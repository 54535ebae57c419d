import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { useLang } from '../../../i18n/index.ts';
import { ENTERPRISE_ID, fixedFields } from './scoped.ts';
import type { ChildList } from './tabs.ts';

interface ChildListModalProps {
  child: ChildList;
  parent: Row;
  onClose: () => void;
}

/** The rows under one row (a project's history records) as their own list, in the row's enterprise, new ones given that row. */
export function ChildListModal({ child, parent, onClose }: ChildListModalProps) {
  const { t } = useTranslation(['crm', 'common']);
  const lang = useLang();
  const list = child.entity.label[lang];
  return (
    <Modal
      open
      title={t('childTitle', { list, name: String(parent[child.nameField] ?? '') })}
      width={1100}
      footer={null}
      onCancel={onClose}
    >
      <CrudPage
        entity={fixedFields(child.entity, [ENTERPRISE_ID, child.field])}
        searchName={child.entity.key}
        baseFilters={{ [ENTERPRISE_ID]: String(parent[ENTERPRISE_ID]), [child.field]: parent.id }}
        defaults={{ [child.field]: parent.id }}
      />
    </Modal>
  );
}
