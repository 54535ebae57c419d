import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { createElement, useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../api/http.ts';
import { linkedQueryKeys } from './linkedQueries.ts';
import { isLive, type LivePushHandlers, sawMessage, startLivePush, subscribeLive } from './livePush.ts';
import { useOpenLink } from './openLink.ts';

/** The message calls the bell makes (spec part 7). isRead: 1 unread, 0 read (spec part 4). */
export const UNREAD = 1;

/** Page-size choices of the message lists, the bell's drawer and the screens (spec part 9: 10/20/30/50, default 10). */
export const MESSAGE_PAGE_SIZES = [10, 20, 30, 50];

/** The name of a message type (1 ordinary, 2 department broadcast, 3 approval, 4 role broadcast). */
export function useTypeName() {
  const { t } = useTranslation('message');
  return (type: number) =>
    type >= 1 && type <= 4 ? t(`types.${String(type) as '1' | '2' | '3' | '4'}`) : String(type);
}

export interface Message {
  id: string;
  title: string;
  content: string;
  type: number;
  isRead: number;
  createTime: string;
  senderName?: string;
  /** The record it tells of: an in-app route the detail opens (issue 34.1). */
  link?: string | null;
}

export interface MessagePage {
  records: Message[];
  total: number;
  current: number;
  size: number;
}

const BASE = 'blade-message/message';
/** Every message query (the bell's, 我的消息, 消息管理): what a pushed message makes stale. */
const KEY = ['message'] as const;
/** While the live socket is down, new messages still show up within this time. */
const POLL_MS = 60_000;

/** The bell's poll: off while live push is up (it refreshes the queries itself), every 60 s otherwise. */
function usePollInterval(): number | false {
  return useSyncExternalStore(subscribeLive, isLive) ? false : POLL_MS;
}

export function useLatestMessages() {
  const query = useQuery({
    queryKey: [...KEY, 'top'],
    queryFn: () => request<Message[]>(`${BASE}/my/topList`),
    refetchInterval: usePollInterval(),
  });
  // What the tab has shown: a reconnecting socket asks for what is newer.
  useEffect(() => {
    for (const message of query.data ?? []) sawMessage(message.id);
  }, [query.data]);
  return query;
}

/** How many messages are unread: the total of the unread page. */
export function useUnreadCount() {
  return useQuery({
    queryKey: [...KEY, 'unread'],
    queryFn: async () => (await request<MessagePage>(`${BASE}/my/list`, { query: { isRead: UNREAD, size: 1 } })).total,
    refetchInterval: usePollInterval(),
  });
}

/**
 * The tab's live push while the caller is mounted (the bell, after sign-in): a new message refreshes every
 * message query at once and shows a notification with its type and title; being (back) online refreshes
 * them too, for what the catch-up did not list. A message about a record (its link) also refreshes that
 * screen's lists, so an open 我的报修 shows the repair's new state, and its notification opens the record.
 */
export function useLivePush() {
  const client = useQueryClient();
  const { notification } = App.useApp();
  const { t } = useTranslation('message');
  const typeName = useTypeName();
  const openLink = useOpenLink();
  // The socket outlives renders: it calls whatever the latest render handed it.
  const handlers = useRef<LivePushHandlers>(undefined);
  handlers.current = {
    onReady: () => void client.invalidateQueries({ queryKey: KEY }),
    onMessage: (message) => {
      void client.invalidateQueries({ queryKey: KEY });
      for (const queryKey of linkedQueryKeys(message.link)) void client.invalidateQueries({ queryKey });
      const key = `message-${message.id}`;
      notification.info({
        key,
        title: t('push.arrived', { type: typeName(message.type) }),
        description: message.title,
        placement: 'topRight',
        // A .ts module: the button is made without JSX.
        actions: openLink.allowed(message.link)
          ? createElement(
              Button,
              {
                type: 'link',
                size: 'small',
                'data-testid': 'message-push-open',
                onClick: () => {
                  notification.destroy(key);
                  openLink(message.link);
                },
              },
              t('openRecord'),
            )
          : undefined,
      });
    },
  };
  useEffect(
    () =>
      startLivePush({
        onReady: () => handlers.current?.onReady(),
        onMessage: (message) => handlers.current?.onMessage(message),
      }),
    [],
  );
}

export function useMessagePage(current: number, size: number, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'page', current, size],
    queryFn: () => request<MessagePage>(`${BASE}/my/list`, { query: { current, size } }),
    enabled,
  });
}

/** Opening a message reads it on the server; every message query then refreshes (and the count drops). */
export function useOpenMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<Message>(`${BASE}/detail`, { query: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useReadAll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request<number>(`${BASE}/readAll`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
