import { BOOKER_TYPES, mealConfig } from '@park/catalog';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import CrudPage from '../../../../../crud/CrudPage.tsx';
import { CheckboxString, partsOf } from '../../shared.tsx';

/**
 * /dhm/dhm/meal/meal-config (spec part 2): each meal category's booking rule: how far ahead it must be
 * booked (mealConfigDate: unlimited, the same day, one or two days before), the cut-off time on the
 * last day, and who may book (park staff, company staff). The server refuses bookings outside it.
 */
export default function MealConfigPage() {
  const { t } = useTranslation('dhm');
  const bookers = Object.values(BOOKER_TYPES).map((k) => ({ value: String(k), label: t(`booker${k}` as 'booker1') }));
  return (
    <CrudPage
      entity={mealConfig}
      inputs={{
        deadlineTime: ({ readOnly }) => (
          <Input maxLength={5} placeholder={readOnly ? undefined : t('clockPlaceholder')} />
        ),
        bookerTypes: ({ readOnly }) => <CheckboxString options={bookers} disabled={readOnly} />,
      }}
      columns={[
        {
          key: 'bookerTypes',
          render: (value: unknown) =>
            partsOf(value)
              .map((k) => t(`booker${k}` as 'booker1'))
              .join('、'),
        },
      ]}
    />
  );
}
