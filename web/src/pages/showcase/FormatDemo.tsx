import { Card, DatePicker, Descriptions, Flex, Input, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarGrid } from '../../utils/calendar.ts';
import { CHINESE_DATE_FORMAT, DATE_FORMAT, formatDate } from '../../utils/date.ts';
import { formatMoney, formatMoneyUnit } from '../../utils/format.ts';

/** Monday first, as the calendar helper's default (a Chinese calendar). */
const WEEK_START = 1;

/** The money formatter and its units, both date formats, and the calendar helper's 42-day grid. */
export function FormatDemo() {
  const { t } = useTranslation('showcase');
  const [amount, setAmount] = useState('12345.678');
  const [date, setDate] = useState<Dayjs | null>(null);
  const [month, setMonth] = useState<Dayjs>(() => dayjs().startOf('month'));
  const inUnit = formatMoneyUnit(amount);
  const grid = calendarGrid(month.year(), month.month() + 1, WEEK_START);
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    dayjs()
      .day((WEEK_START + i) % 7)
      .format('dd'),
  );

  return (
    <Card title={t('format')} data-testid="showcase-format">
      <Flex vertical gap={16}>
        <Flex gap={16} wrap align="center">
          <Input
            aria-label={t('amount')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            style={{ width: 280 }}
          />
          <DatePicker aria-label={t('date')} placeholder={t('date')} value={date} onChange={setDate} />
        </Flex>
        <Descriptions
          size="small"
          bordered
          column={1}
          items={[
            { key: 'money', label: t('money'), children: <span data-testid="money">{formatMoney(amount)}</span> },
            {
              key: 'unit',
              label: t('moneyUnit'),
              children: <span data-testid="money-unit">{`${inUnit.value} ${inUnit.unit}`.trim()}</span>,
            },
            {
              key: 'date',
              label: t('dateFormat'),
              children: <span data-testid="date">{formatDate(date?.toDate(), DATE_FORMAT)}</span>,
            },
            {
              key: 'pickerDate',
              label: t('pickerDateFormat'),
              children: <span data-testid="picker-date">{formatDate(date?.toDate(), CHINESE_DATE_FORMAT)}</span>,
            },
          ]}
        />
        <Flex vertical gap={8}>
          <Typography.Text strong>{t('calendar')}</Typography.Text>
          <DatePicker
            picker="month"
            aria-label={t('month')}
            allowClear={false}
            value={month}
            onChange={(value) => value && setMonth(value.startOf('month'))}
            style={{ width: 160 }}
          />
          <div
            data-testid="calendar"
            style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 40px)', gap: 4, textAlign: 'center' }}
          >
            {weekdays.map((day) => (
              <Typography.Text key={day} type="secondary" data-testid="calendar-weekday">
                {day}
              </Typography.Text>
            ))}
            {/* The other months' days in the secondary grey alone: faded further, they would not read (WCAG 1.4.3). */}
            {grid.map(({ date: day, inMonth }) => (
              <Typography.Text
                key={day.toISOString()}
                type={inMonth ? undefined : 'secondary'}
                data-testid="calendar-day"
                data-date={formatDate(day)}
                data-in-month={inMonth}
              >
                {day.getDate()}
              </Typography.Text>
            ))}
          </div>
        </Flex>
      </Flex>
    </Card>
  );
}
