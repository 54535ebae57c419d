import { ArrowLeftOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { ORDER_MEAL_STATUS } from '@park/catalog';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { bookMeal, cancelOrder, fetchWeek, type WeekMeal } from '../../../../../api/dhm.ts';
import { parkToday, useParkNow } from '../../../../../clock.ts';
import { DATE_FORMAT } from '../../../../../crud/dates.ts';
import { toast } from '../../../../../feedback.ts';
import { usePageTag } from '../../../../../shell/usePageTag.ts';
import { ORDER_PATH } from '../../shared.tsx';
import { mealWindow } from '../mealWindow.ts';

/**
 * /dhm/dhm/order-meal/book: the signed-in user's booking screen. Seven days from today (or a week
 * before or after), each day's meals by category with their serving hours, price, the booking cut-off
 * and the portions left; 预订 books in one click and 取消预订 cancels while the window is open. The
 * server decides every booking again and says why it refuses.
 */
export default function BookWeekPage() {
  const { t } = useTranslation('dhm');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  usePageTag(t('weekMenu'));
  const [offset, setOffset] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  // The park's clock, not the browser's: its today starts the week, its now opens and closes the windows.
  const now = useParkNow().format('YYYY-MM-DD HH:mm:ss');
  const start = dayjs(parkToday())
    .add(offset * 7, 'day')
    .format(DATE_FORMAT);
  const week = useQuery({
    queryKey: ['dhm', 'week', start],
    queryFn: () => fetchWeek(start),
    placeholderData: keepPreviousData,
  });
  const days = Array.from({ length: 7 }, (_, i) => dayjs(start).add(i, 'day').format(DATE_FORMAT));
  const byDay = (date: string) => (week.data ?? []).filter((m) => m.mealDate === date);

  const act = async (meal: WeekMeal, action: () => Promise<unknown>, done: string) => {
    setBusy(`${meal.mealDate}-${meal.mealId}`);
    try {
      await action();
      toast.success(done);
    } catch {
      // Already shown with the server's reason.
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: ['dhm', 'week'] });
      void queryClient.invalidateQueries({ queryKey: ['crud', 'order_meal'] });
    }
  };

  /** The window as it is now: 未开始 (opens at …), 可预订 (until …) or 已截止, and for whom when not the caller. */
  const windowTag = (meal: WeekMeal) => {
    const w = mealWindow(meal, now);
    if (w.state === 'closed') return <Tag>{t('closedTag')}</Tag>;
    if (w.state === 'notOpen') return <Tag color="default">{t('notOpenTag', { time: w.at.slice(5) })}</Tag>;
    if (!meal.forYou) return <Tag>{t('notForYouTag')}</Tag>;
    return <Tag color="success">{t('openTag', { time: w.until.slice(5) })}</Tag>;
  };

  const actions = (meal: WeekMeal) => {
    const key = `${meal.mealDate}-${meal.mealId}`;
    const open = mealWindow(meal, now).state === 'open' && meal.forYou;
    if (meal.orderId && meal.orderMealStatus === ORDER_MEAL_STATUS.writtenOff) {
      return <Tag color="success">{t('writtenOffTag')}</Tag>;
    }
    if (meal.orderId) {
      return (
        <Space size={4} wrap>
          <Tag color="processing">{t('bookedTag')}</Tag>
          {windowTag(meal)}
          {open && (
            <Button
              size="small"
              danger
              loading={busy === key}
              onClick={() => act(meal, () => cancelOrder(meal.orderId as string), t('cancelled'))}
            >
              {t('cancelOne')}
            </Button>
          )}
        </Space>
      );
    }
    if (!open) return windowTag(meal);
    if (meal.dailyLimit !== null && meal.taken >= meal.dailyLimit) return <Tag color="warning">{t('soldOutTag')}</Tag>;
    return (
      <Space size={4} wrap>
        {windowTag(meal)}
        <Button
          size="small"
          type="primary"
          loading={busy === key}
          onClick={() => act(meal, () => bookMeal({ mealId: meal.mealId, mealDate: meal.mealDate }), t('booked'))}
        >
          {t('bookOne')}
        </Button>
      </Space>
    );
  };

  return (
    <Card
      title={t('weekTitle')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(ORDER_PATH)}>
          {t('backToOrders')}
        </Button>
      }
    >
      <Flex gap={8} style={{ marginBottom: 16 }}>
        <Button icon={<LeftOutlined />} onClick={() => setOffset((o) => o - 1)}>
          {t('previousWeek')}
        </Button>
        <Button disabled={offset === 0} onClick={() => setOffset(0)}>
          {t('thisWeek')}
        </Button>
        <Button onClick={() => setOffset((o) => o + 1)}>
          {t('nextWeek')}
          <RightOutlined />
        </Button>
      </Flex>
      <Flex wrap gap={12} data-testid="week-menu">
        {days.map((date) => {
          const meals = byDay(date);
          return (
            <Card
              key={date}
              size="small"
              data-testid={`day-${date}`}
              title={`${t(`weekDay${dayjs(date).day() || 7}` as 'weekDay1')} ${date.slice(5)}`}
              style={{ width: 250 }}
              loading={week.isPending}
            >
              {meals.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMeals')} />
              ) : (
                <List
                  size="small"
                  dataSource={meals}
                  rowKey={(m) => m.mealId}
                  renderItem={(m) => (
                    <List.Item
                      data-testid={`meal-${date}-${m.mealName}`}
                      style={{ display: 'block', paddingInline: 0 }}
                    >
                      <Flex justify="space-between" align="baseline">
                        <Typography.Text strong>{m.mealName}</Typography.Text>
                        <Typography.Text>¥{m.price}</Typography.Text>
                      </Flex>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {m.categoryName} {t('servingHours', { from: m.startTime, until: m.endTime })} ·{' '}
                        {t('deadlineAt', { time: m.deadline.slice(5) })}
                        {m.dailyLimit !== null && ` · ${t('left', { count: Math.max(m.dailyLimit - m.taken, 0) })}`}
                      </Typography.Text>
                      <div style={{ marginTop: 4 }}>{actions(m)}</div>
                    </List.Item>
                  )}
                />
              )}
            </Card>
          );
        })}
      </Flex>
    </Card>
  );
}
