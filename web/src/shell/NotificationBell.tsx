import { BellOutlined } from '@ant-design/icons';
import { App, Badge, Button, Empty, Flex, List, Popover, Typography } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageDetail } from './MessageDetail.tsx';
import {
  type Message,
  useLatestMessages,
  useLivePush,
  useOpenMessage,
  useReadAll,
  useTypeName,
  useUnreadCount,
} from './messages.ts';
import { useOpenLink } from './openLink.ts';

/** The drawer of all messages loads when first opened: most visits never open it, and the home page is on a byte budget. */
const MessageDrawer = lazy(() => import('./MessageDrawer.tsx').then((m) => ({ default: m.MessageDrawer })));

/** Spec part 9: the popover's width. */
const POPOVER_WIDTH = 350;

/** The badge shows up to this many unread, then 99+. */
const MOST_SHOWN = 99;

/** The bell: unread count, the latest unread in a popover, all messages in a drawer, mark all read. */
export function NotificationBell() {
  const { t } = useTranslation(['message', 'shell']);
  const typeName = useTypeName();
  const { modal, message: toast } = App.useApp();
  // The tab's one live socket lives with the bell, which shows only once signed in.
  useLivePush();
  const unread = useUnreadCount();
  const latest = useLatestMessages();
  const openMessage = useOpenMessage();
  const readAll = useReadAll();
  const openLink = useOpenLink();
  const [popover, setPopover] = useState(false);
  const [drawer, setDrawer] = useState(false);
  // Mounted from its first opening on, so that closing it still plays out.
  const drawerUsed = useRef(false);
  if (drawer) drawerUsed.current = true;
  const [shown, setShown] = useState<Message>();

  const show = (message: Message) => {
    setPopover(false);
    openMessage.mutate(message.id, { onSuccess: setShown });
  };
  const confirmReadAll = () => {
    setPopover(false);
    modal.confirm({
      title: t('shell:confirmTitle'),
      content: t('readAllConfirm'),
      onOk: async () => {
        await readAll.mutateAsync();
        void toast.success(t('done'));
      },
    });
  };

  const content = (
    <div data-testid="message-popover">
      <List
        size="small"
        dataSource={latest.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.none')} /> }}
        renderItem={(message) => (
          <List.Item
            style={{ cursor: 'pointer' }}
            onClick={() => show(message)}
            actions={
              openLink.allowed(message.link)
                ? [
                    // Opens the record at once (and reads the message), without the detail in between.
                    <Typography.Link
                      key="open"
                      data-testid="message-popover-open"
                      onClick={(event) => {
                        event.stopPropagation();
                        setPopover(false);
                        openMessage.mutate(message.id);
                        openLink(message.link);
                      }}
                    >
                      {t('openRecord')}
                    </Typography.Link>,
                  ]
                : undefined
            }
          >
            <List.Item.Meta
              title={<Typography.Text ellipsis>{message.title}</Typography.Text>}
              description={`${typeName(message.type)} · ${message.createTime}`}
            />
          </List.Item>
        )}
      />
      <Flex justify="space-between" style={{ marginTop: 8 }}>
        <Button type="link" size="small" onClick={confirmReadAll}>
          {t('readAll')}
        </Button>
        <Button
          type="link"
          size="small"
          onClick={() => {
            setPopover(false);
            setDrawer(true);
          }}
        >
          {t('bell.all')}
        </Button>
      </Flex>
    </div>
  );

  const unreadCount = unread.data ?? 0;
  const unreadShown = unreadCount > MOST_SHOWN ? `${MOST_SHOWN}+` : String(unreadCount);
  return (
    <>
      <Popover
        title={t('bell.latest')}
        content={content}
        trigger="click"
        open={popover}
        onOpenChange={setPopover}
        placement="bottomRight"
        // The popover's own box is the spec's 350, not its content inside the padding.
        styles={{ container: { width: POPOVER_WIDTH } }}
      >
        <Button
          type="text"
          // The name holds the count the badge shows (WCAG 2.5.3: the visible text is part of the name).
          aria-label={unreadCount ? `${t('bell.label')} ${unreadShown}` : t('bell.label')}
          data-testid="message-bell"
        >
          {/* The header's text colour, as the other buttons: Ant Design's badge would set its own. */}
          <Badge count={unreadCount} size="small" overflowCount={MOST_SHOWN} styles={{ root: { color: 'inherit' } }}>
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </Button>
      </Popover>
      {drawerUsed.current && (
        <Suspense fallback={null}>
          <MessageDrawer
            open={drawer}
            onClose={() => setDrawer(false)}
            onOpenMessage={show}
            onReadAll={confirmReadAll}
          />
        </Suspense>
      )}
      <MessageDetail message={shown} onClose={() => setShown(undefined)} />
    </>
  );
}
