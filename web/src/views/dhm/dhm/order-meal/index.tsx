import { BarChartOutlined, CalendarOutlined, CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { ORDER_MEAL_STATUS, orderMeal, orderMealKept } from '@park/catalog';
import { Button, DatePicker, Form, Input, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Row } from '../../../../api/crud.ts';
import { bookMeal, cancelOrder, verifyOrder } from '../../../../api/dhm.ts';
import { parkToday, useParkNow } from '../../../../clock.ts';
import { RefSelect } from '../../../../components/pickers/RefSelect.tsx';
import CrudPage from '../../../../crud/CrudPage.tsx';
import { DictLabel } from '../../../../crud/DictSelect.tsx';
import { DATE_FORMAT } from '../../../../crud/dates.ts';
import { FormModal } from '../../../../crud/FormModal.tsx';
import { rulesOf } from '../../../../crud/rules.ts';
import { useLang } from '../../../../i18n/index.ts';
import { usePermission, useSession } from '../../../../stores/session.ts';
import { useConfirmed } from '../../../system/shared/useConfirmedAction.ts';
import { BOOK_PATH, STATISTICS_PATH } from '../shared.tsx';
import { onMealDay } from './mealWindow.ts';

const field = (name: string) => orderMeal.fields.find((f) => f.name === name)!;
const STATUS = field('orderMealStatus');
const STATUS_COLOURS: Record<number, string> = {
  [ORDER_MEAL_STATUS.booked]: 'processing',
  [ORDER_MEAL_STATUS.writtenOff]: 'success',
  [ORDER_MEAL_STATUS.cancelled]: 'default',
};

/**
 * /dhm/dhm/order-meal: meal orders. 订餐 books a meal of a day for the signed-in user; a booked order
 * can be cancelled (取消订单) by its owner or the canteen, and written off (核销) by the canteen on its
 * day, each after a question. The server holds every rule and says why when it refuses; the canteen
 * (who holds 核销) sees everyone's orders, anyone else their own. 订餐统计 opens the statistics. A written-off
 * order is the record of a meal served: it offers no 删除 (the server refuses it too).
 */
export default function OrderMealPage() {
  const { t } = useTranslation(['dhm', 'crud']);
  const navigate = useNavigate();
  const confirmed = useConfirmed();
  const me = useSession((s) => s.user?.userId);
  const canVerify = usePermission('order_meal_verification');
  const canStatistics = usePermission('order_meal_statistics');
  const [booking, setBooking] = useState<(() => void) | null>(null);
  // 核销 is offered on the meal's day only, the park's (the server refuses any other).
  const today = useParkNow(60_000).format(DATE_FORMAT);

  const describe = (row: Row) => ({
    no: String(row.orderNo ?? ''),
    name: String(row.mealName ?? ''),
    date: String(row.mealDate ?? ''),
  });

  return (
    <>
      <CrudPage
        entity={orderMeal}
        editable={false}
        // Every field is in the row already; 核销 and 取消订单 stay side by side before 删除, one click away.
        viewable={false}
        removable={(row) => !orderMealKept(row)}
        add={{ label: t('book'), open: ({ reload }) => setBooking(() => reload) }}
        columns={[
          {
            key: 'orderMealStatus',
            render: (value: unknown) =>
              value === null || value === undefined ? null : (
                <Tag color={STATUS_COLOURS[Number(value)]}>
                  <DictLabel field={STATUS} value={value} />
                </Tag>
              ),
          },
        ]}
        toolbar={() => (
          <>
            <Button icon={<CalendarOutlined />} onClick={() => navigate(BOOK_PATH)}>
              {t('weekMenu')}
            </Button>
            {canStatistics && (
              <Button icon={<BarChartOutlined />} onClick={() => navigate(STATISTICS_PATH)}>
                {t('statistics')}
              </Button>
            )}
          </>
        )}
        rowActions={(row, { reload }) => {
          if (Number(row.orderMealStatus) !== ORDER_MEAL_STATUS.booked) return null;
          return (
            <>
              {canVerify && onMealDay(row.mealDate, today) && (
                <Button
                  type="link"
                  size="small"
                  icon={<CheckCircleOutlined />}
                  onClick={() =>
                    confirmed(
                      t('verifyQuestion', describe(row)),
                      async () => {
                        try {
                          await verifyOrder(row.id);
                        } finally {
                          reload();
                        }
                      },
                      t('verified'),
                    )
                  }
                >
                  {t('verify')}
                </Button>
              )}
              {(canVerify || row.userId === me) && (
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<CloseCircleOutlined />}
                  onClick={() =>
                    confirmed(
                      t('cancelQuestion', describe(row)),
                      async () => {
                        try {
                          await cancelOrder(row.id);
                        } finally {
                          reload();
                        }
                      },
                      t('cancelled'),
                    )
                  }
                >
                  {t('cancel')}
                </Button>
              )}
            </>
          );
        }}
      />
      {booking && (
        <BookModal
          onClose={() => setBooking(null)}
          onBooked={() => {
            booking();
            setBooking(null);
          }}
        />
      )}
    </>
  );
}

interface BookForm {
  mealId: string;
  mealName?: string;
  mealDate: Dayjs;
  remark?: string;
}

/** 订餐: a meal and its day (the server checks the window, serving days, portions and one per person). */
function BookModal({ onClose, onBooked }: { onClose: () => void; onBooked: () => void }) {
  const { t } = useTranslation(['dhm', 'crud']);
  const lang = useLang();
  const meal = field('mealId');
  const date = field('mealDate');
  return (
    <FormModal<BookForm>
      title={t('bookTitle')}
      width={560}
      okText={t('book')}
      layout="vertical"
      submit={(values) =>
        bookMeal({ mealId: values.mealId, mealDate: values.mealDate.format(DATE_FORMAT), remark: values.remark })
      }
      savedMessage={t('booked')}
      onClose={onClose}
      onSaved={onBooked}
    >
      <Form.Item name="mealName" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="mealId" label={meal.label[lang]} rules={rulesOf(meal, lang)}>
        <RefSelect field={meal} placeholder={t('crud:selectPlaceholder', { label: meal.label[lang] })} />
      </Form.Item>
      <Form.Item name="mealDate" label={date.label[lang]} rules={rulesOf(date, lang)}>
        {/* A past day of the park's cannot be booked (the server refuses it too). */}
        <DatePicker
          style={{ width: '100%' }}
          format={DATE_FORMAT}
          disabledDate={(d) => d.format(DATE_FORMAT) < parkToday()}
        />
      </Form.Item>
      <Form.Item name="remark" label={field('remark').label[lang]}>
        <Input.TextArea rows={2} maxLength={255} />
      </Form.Item>
    </FormModal>
  );
}
