import { EditOutlined } from '@ant-design/icons';
import { meal } from '@park/catalog';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import CrudPage from '../../../../crud/CrudPage.tsx';
import { usePermission } from '../../../../stores/session.ts';
import { CheckboxString, DishesSelect, MEAL_EDIT_PATH, useServeDays, useWeekDayOptions } from '../shared.tsx';

/**
 * /dhm/dhm/meal: the canteen's meals. Adding and editing open the meal's own editing page
 * (/dhm/dhm/meal/edit), where its dishes, price, serving days and daily limit are set.
 */
export default function MealPage() {
  const { t } = useTranslation(['crud', 'dhm']);
  const navigate = useNavigate();
  const mayEdit = usePermission('meal_edit');
  const serveDays = useServeDays();
  const weekDays = useWeekDayOptions();
  return (
    <CrudPage
      entity={meal}
      add={{ label: t('add'), open: () => navigate(MEAL_EDIT_PATH) }}
      editable={false}
      // 查看 shows the dishes by name and the days as checked boxes, as the editing page does.
      inputs={{
        dishesIds: ({ readOnly }) => <DishesSelect disabled={readOnly} />,
        serveDays: ({ readOnly }) => <CheckboxString options={weekDays} disabled={readOnly} />,
      }}
      columns={[
        { key: 'serveDays', render: (value: unknown) => serveDays(value) },
        {
          key: 'dailyLimit',
          render: (value: unknown) =>
            value === null || value === undefined || value === ''
              ? t('dhm:unlimited')
              : t('dhm:portions', { count: Number(value) }),
        },
      ]}
      rowActions={(row) =>
        mayEdit && (
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => navigate(`${MEAL_EDIT_PATH}?id=${row.id}`)}
          >
            {t('edit')}
          </Button>
        )
      }
    />
  );
}
