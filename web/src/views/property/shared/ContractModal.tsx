import type { EntityDef } from '@park/catalog';
import { useTranslation } from 'react-i18next';
import { saveContract } from '../../../api/property.ts';
import { FormModal } from '../../../crud/FormModal.tsx';
import { FieldItems, useRecordForm } from '../../../crud/RecordModal.tsx';
import { toRowValues } from '../../../crud/values.ts';
import { useLang } from '../../../i18n/index.ts';
import { type ContractType, UnitSelect, unitField } from './ContractPage.tsx';

interface ContractModalProps {
  entity: EntityDef;
  type: ContractType;
  /** The contract to edit; none adds one. */
  id?: string;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The contract dialog: the catalog's form (the enterprise selector, dates, prices, cycle, registration and
 * lease state) with the units picked in a multi-select; saved through room-contract's save (new) or update.
 */
export default function ContractModal({ entity, type, id, onClose, onSaved }: ContractModalProps) {
  const { t } = useTranslation('crud');
  const lang = useLang();
  const { fields, loading, failed, initialValues } = useRecordForm(entity, id);
  return (
    <FormModal<Record<string, unknown>>
      title={t(id ? 'edit' : 'add')}
      width={880}
      submit={(values) => saveContract({ ...(id ? { id } : {}), contractType: type, ...toRowValues(fields, values) })}
      savedMessage={id ? t('updated') : t('added')}
      onClose={onClose}
      onSaved={onSaved}
      loading={loading}
      saveDisabled={failed}
      disabled={failed}
      // Room for the longest label with its unit on one line (物业费单价(元/㎡/月)): wrapped, its asterisk drifted.
      labelCol={{ flex: lang === 'zh' ? '170px' : '220px' }}
      initialValues={initialValues}
    >
      <FieldItems
        fields={fields}
        inputs={{
          [unitField(type)]: ({ readOnly, placeholder }) => (
            <UnitSelect type={type} disabled={readOnly} placeholder={placeholder} contractId={id} />
          ),
        }}
      />
    </FormModal>
  );
}
