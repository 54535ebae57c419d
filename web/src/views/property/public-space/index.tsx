import { CalendarOutlined, LeftOutlined, RightOutlined, SettingOutlined } from '@ant-design/icons';
import { APPROVAL_STATUS, checkSpaceConfig, clockMinutes, publicSpace, type SpaceConfig } from '@park/catalog';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Form, Input, InputNumber, Modal, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDetail, type Row } from '../../../api/crud.ts';
import { useParkNow } from '../../../clock.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { PRIMARY_ACTION } from '../../../crud/RowActions.tsx';
import { toast } from '../../../feedback.ts';
import { useLang } from '../../../i18n/index.ts';
import { useIsCompany, usePermission } from '../../../stores/session.ts';
import { useConfirmed } from '../../system/shared/useConfirmedAction.ts';
import { cancelReservation, fetchReservations, reserveSlots, saveSpaceConfig } from './api.ts';
import { type Cell, calendarNow, weekDays, weekGrid } from './calendar.ts';
import { ReservationList } from './ReservationList.tsx';

/**
 * /property/public-space (公共空间): the park's meeting rooms, halls and courts (the generic list, with 配置 for the
 * booking config), and under it the week calendar of the space picked in the list: the days as columns, the
 * space's slots as rows, the booked ones marked (one's own cancellable after a confirmation), a free one opening
 * the reserve dialog. The server decides every booking again (its database refuses an overlap) and says why.
 */
export default function PublicSpacePage() {
  const { t } = useTranslation('property');
  const queryClient = useQueryClient();
  const canConfig = usePermission('public_space_edit');
  const canList = !useIsCompany();
  const [picked, setPicked] = useState<Row | null>(null);
  const [configOf, setConfigOf] = useState<{ row: Row; reload: () => void } | null>(null);
  return (
    <>
      <CrudPage
        entity={publicSpace}
        onRowClick={setPicked}
        pickedId={picked?.id}
        rowActions={(row, { reload }) => (
          <>
            <Button
              type="link"
              size="small"
              icon={<CalendarOutlined />}
              onClick={() => setPicked(row)}
              {...PRIMARY_ACTION}
            >
              {t('spaceCalendar')}
            </Button>
            {canConfig && (
              <Button type="link" size="small" icon={<SettingOutlined />} onClick={() => setConfigOf({ row, reload })}>
                {t('spaceConfig')}
              </Button>
            )}
          </>
        )}
      />
      {picked ? (
        <WeekCalendar key={picked.id} space={picked} />
      ) : (
        <Card style={{ marginTop: 16 }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('spacePick')} />
        </Card>
      )}
      {/* Every space's reservations, for the park's staff (a company account books in the calendar). */}
      {canList && <ReservationList />}
      {configOf && (
        <ConfigModal
          space={configOf.row}
          onClose={() => setConfigOf(null)}
          onSaved={() => {
            configOf.reload();
            void queryClient.invalidateQueries({ queryKey: ['public-space'] });
            setConfigOf(null);
          }}
        />
      )}
    </>
  );
}

const spaceName = (space: Row) => String(space.spaceName ?? '');

/** The week of one space: navigation, the grid, and the reserve dialog of the free cell picked. */
function WeekCalendar({ space }: { space: Row }) {
  const { t } = useTranslation('property');
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const confirmed = useConfirmed();
  const now = useParkNow();
  const today = calendarNow(now).slice(0, 10);
  // The week shown: this week (the park's, followed once the server has told its clock) until moved.
  const [moved, setAnchor] = useState<string | null>(null);
  const anchor = moved ?? today;
  // The free cells picked (several slots, of any days shown, booked at once); the reserve dialog of them.
  const [chosen, setChosen] = useState<Cell[]>([]);
  const [reserving, setReserving] = useState<Cell[] | null>(null);
  const keyOf = (cell: Cell) => `${cell.date} ${cell.slot.start}`;
  const isChosen = (cell: Cell) => chosen.some((c) => keyOf(c) === keyOf(cell));
  const toggle = (cell: Cell) =>
    setChosen((now) => (isChosen(cell) ? now.filter((c) => keyOf(c) !== keyOf(cell)) : [...now, cell]));
  const days = weekDays(anchor);
  // The space as it is now (its config may have changed since the list was read).
  const detail = useQuery({ queryKey: ['public-space', space.id], queryFn: () => fetchDetail(publicSpace, space.id) });
  const bookings = useQuery({
    queryKey: ['public-space', space.id, 'week', days[0]],
    queryFn: () => fetchReservations(space.id, days[0], days[6]),
    placeholderData: keepPreviousData,
  });
  const config = detail.data ?? space;
  // The caller's own reservations of the week that were rejected (they hold no slot): the state and the reason.
  const rejected = (bookings.data ?? []).filter((b) => b.mine && Number(b.approvalStatus) === APPROVAL_STATUS.rejected);
  const { openTime, closeTime, slotMinutes, bookDays } = config;
  const grid = weekGrid({ openTime, closeTime, slotMinutes, bookDays }, days, bookings.data ?? [], calendarNow(now));
  const reload = () => queryClient.invalidateQueries({ queryKey: ['public-space', space.id, 'week'] });
  const dayName = (date: string) => `${t(`spaceWeekday${dayjs(date).day() || 7}` as 'spaceWeekday1')} ${date.slice(5)}`;
  const when = (cell: Cell) => ({ day: dayName(cell.date), start: cell.slot.start, end: cell.slot.end });

  const cancel = (cell: Cell) => {
    const b = cell.booking!;
    confirmed(
      t('spaceCancelQuestion', {
        day: dayName(b.reserveDate),
        start: b.startTime,
        end: b.endTime,
        subject: b.subject ?? '',
      }),
      async () => {
        try {
          await cancelReservation(b.id);
        } finally {
          void reload();
        }
      },
      t('spaceCancelled'),
    );
  };

  const content = (cell: Cell, row: number) => {
    if (cell.state === 'free') {
      const on = isChosen(cell);
      return (
        <Button
          size="small"
          type={on ? 'primary' : 'dashed'}
          block
          aria-pressed={on}
          aria-label={t('spaceFreeLabel', when(cell))}
          onClick={() => toggle(cell)}
        >
          {on ? t('spacePicked') : t('spaceFree')}
        </Button>
      );
    }
    if (cell.state !== 'booked' || !cell.booking) return null;
    const b = cell.booking;
    // A reservation over several slots shows its details and its cancel button once, in its first cell.
    const start = clockMinutes(b.startTime) ?? 0;
    const first = row === 0 || (start >= cell.slot.startMinute && start < cell.slot.endMinute);
    const who = b.enterpriseName ?? b.userName;
    return (
      <Flex vertical gap={2} align="flex-start">
        <Flex gap={2} wrap>
          <Tag color={b.mine ? 'processing' : 'default'} style={{ marginInlineEnd: 0 }}>
            {b.mine ? t('spaceMine') : t('spaceBooked')}
          </Tag>
          {Number(b.approvalStatus) === APPROVAL_STATUS.pending && (
            <Tag color="warning" style={{ marginInlineEnd: 0 }}>
              {t('spacePending')}
            </Tag>
          )}
          {Number(b.approvalStatus) === APPROVAL_STATUS.approved && (
            <Tag color="success" style={{ marginInlineEnd: 0 }}>
              {t('spaceApproved')}
            </Tag>
          )}
        </Flex>
        {first && b.subject && <Typography.Text style={{ fontSize: 12 }}>{b.subject}</Typography.Text>}
        {first && who && <Typography.Text style={{ fontSize: 12 }}>{who}</Typography.Text>}
        {first && b.cancellable && (
          <Button
            size="small"
            danger
            aria-label={t('spaceCancelLabel', { day: dayName(b.reserveDate), start: b.startTime, end: b.endTime })}
            onClick={() => cancel(cell)}
          >
            {t('spaceCancel')}
          </Button>
        )}
      </Flex>
    );
  };

  const cellStyle = { border: `1px solid ${token.colorBorderSecondary}`, padding: 4, verticalAlign: 'top' as const };
  const shaded = { ...cellStyle, background: token.colorFillQuaternary };
  return (
    <Card
      style={{ marginTop: 16 }}
      title={t('spaceCalendarOf', { name: spaceName(config) })}
      extra={
        <Typography.Text>
          {t('spaceHours', {
            open: String(config.openTime ?? ''),
            close: String(config.closeTime ?? ''),
            slot: String(config.slotMinutes ?? ''),
            days: String(config.bookDays ?? ''),
          })}
        </Typography.Text>
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Button
          icon={<LeftOutlined />}
          onClick={() => setAnchor(dayjs(anchor).subtract(7, 'day').format('YYYY-MM-DD'))}
        >
          {t('spacePrevWeek')}
        </Button>
        <Button disabled={days.includes(today)} onClick={() => setAnchor(null)}>
          {t('spaceThisWeek')}
        </Button>
        <Button onClick={() => setAnchor(dayjs(anchor).add(7, 'day').format('YYYY-MM-DD'))}>
          {t('spaceNextWeek')}
          <RightOutlined />
        </Button>
      </Flex>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          icon={<CalendarOutlined />}
          disabled={chosen.length === 0}
          onClick={() => setReserving([...chosen])}
        >
          {t('spaceReservePicked', { count: chosen.length })}
        </Button>
        <Button disabled={chosen.length === 0} onClick={() => setChosen([])}>
          {t('spaceClearPicked')}
        </Button>
        <Typography.Text type="secondary">{t('spacePickHint')}</Typography.Text>
      </Flex>
      {detail.isSuccess && grid.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('spaceNoSlots')} />
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <table
            data-testid="space-calendar"
            aria-busy={bookings.isFetching}
            style={{ borderCollapse: 'collapse', width: '100%', minWidth: 760, tableLayout: 'fixed' }}
          >
            <caption style={{ textAlign: 'start', paddingBottom: 4 }}>
              {t('spaceCalendarOf', { name: spaceName(config) })} {days[0]} ~ {days[6]}
            </caption>
            <thead>
              <tr>
                <th scope="col" style={{ ...cellStyle, width: 110 }}>
                  {t('spaceTime')}
                </th>
                {days.map((date) => (
                  <th key={date} scope="col" style={{ ...cellStyle, fontWeight: date === today ? 700 : 500 }}>
                    {dayName(date)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.map((cells, row) => (
                <tr key={cells[0].slot.start}>
                  <th scope="row" style={{ ...cellStyle, fontWeight: 500, whiteSpace: 'nowrap' }}>
                    {cells[0].slot.start}-{cells[0].slot.end}
                  </th>
                  {cells.map((cell) => (
                    <td
                      key={cell.date}
                      data-testid={`slot-${cell.date}-${cell.slot.start}`}
                      style={cell.state === 'past' || cell.state === 'closed' ? shaded : cellStyle}
                    >
                      {content(cell, row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rejected.length > 0 && (
        <section aria-label={t('spaceRejectedList')} style={{ marginTop: 12 }}>
          <Typography.Text strong>{t('spaceRejectedList')}</Typography.Text>
          <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
            {rejected.map((b) => (
              <li key={b.id}>
                <Tag color="error">{t('spaceRejected')}</Tag>
                {t('spaceRejectedItem', {
                  day: dayName(b.reserveDate),
                  start: b.startTime,
                  end: b.endTime,
                  subject: b.subject ?? '',
                  reason: b.approvalReason ?? '',
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
      {reserving && (
        <ReserveModal
          space={config}
          cells={reserving}
          when={[...reserving]
            .sort((a, b) => keyOf(a).localeCompare(keyOf(b)))
            .map((cell) => t('spaceReserveWhen', when(cell)))}
          onClose={() => setReserving(null)}
          onDone={(booked) => {
            void reload();
            if (booked) {
              setReserving(null);
              setChosen([]);
            }
          }}
        />
      )}
    </Card>
  );
}

/**
 * The subject of a reservation of the picked slots, booked in one call, all or none (the server joins the ones
 * that meet); a refusal (one taken meanwhile) keeps it open and reloads the week.
 */
function ReserveModal({
  space,
  cells,
  when,
  onClose,
  onDone,
}: {
  space: Row;
  cells: Cell[];
  when: string[];
  onClose: () => void;
  onDone: (booked: boolean) => void;
}) {
  const { t } = useTranslation(['property', 'common']);
  const [form] = Form.useForm<{ subject: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const { subject } = await form.validateFields();
    setSaving(true);
    try {
      const booked = await reserveSlots({
        spaceId: space.id,
        slots: cells.map((cell) => ({ reserveDate: cell.date, startTime: cell.slot.start, endTime: cell.slot.end })),
        subject,
      });
      toast.success(
        booked.some((b) => Number(b.approvalStatus) === APPROVAL_STATUS.pending)
          ? t('spaceRequested')
          : t('spaceReserved'),
      );
      onDone(true);
    } catch {
      // Shown by the HTTP client with the server's reason.
      onDone(false);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('spaceReserveTitle', { name: spaceName(space) })}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <ul aria-label={t('spacePickedSlots')} style={{ paddingInlineStart: 20, marginTop: 0 }}>
        {when.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="subject"
          label={t('spaceSubject')}
          rules={[{ required: true, whitespace: true, message: t('spaceSubjectRequired') }]}
        >
          <Input maxLength={100} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The booking config of a space, checked here as the server checks it (checkSpaceConfig) before it is sent. */
function ConfigModal({ space, onClose, onSaved }: { space: Row; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['property', 'common']);
  const lang = useLang();
  const [form] = Form.useForm<SpaceConfig>();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    const values = await form.validateFields();
    const checked = checkSpaceConfig(values as unknown as Record<string, unknown>);
    if ('problem' in checked) {
      setProblem(checked.problem[lang]);
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      await saveSpaceConfig(space.id, checked.config);
      toast.success(t('spaceConfigured'));
      onSaved();
    } catch {
      // Shown by the HTTP client.
    } finally {
      setSaving(false);
    }
  };
  const required = (label: string) => [{ required: true, message: label }];
  return (
    <Modal
      open
      title={t('spaceConfigTitle', { name: spaceName(space) })}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          openTime: space.openTime,
          closeTime: space.closeTime,
          slotMinutes: space.slotMinutes,
          bookDays: space.bookDays,
        }}
      >
        <Flex gap={12}>
          <Form.Item
            name="openTime"
            label={t('spaceOpenTime')}
            rules={required(t('spaceOpenTime'))}
            style={{ flex: 1 }}
          >
            <Input placeholder={t('spaceClockPlaceholder')} maxLength={5} />
          </Form.Item>
          <Form.Item
            name="closeTime"
            label={t('spaceCloseTime')}
            rules={required(t('spaceCloseTime'))}
            style={{ flex: 1 }}
          >
            <Input placeholder={t('spaceClockPlaceholder')} maxLength={5} />
          </Form.Item>
        </Flex>
        <Flex gap={12}>
          <Form.Item
            name="slotMinutes"
            label={t('spaceSlotMinutes')}
            rules={required(t('spaceSlotMinutes'))}
            style={{ flex: 1 }}
          >
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="bookDays"
            label={t('spaceBookDays')}
            rules={required(t('spaceBookDays'))}
            style={{ flex: 1 }}
          >
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        {problem && (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        )}
      </Form>
    </Modal>
  );
}
