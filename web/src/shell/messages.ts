import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../api/http.ts';

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
}

export interface MessagePage {
  records: Message[];
  total: number;
  current: number;
  size: number;
}

const BASE = 'blade-message/message';
const KEY = ['message'] as const;
/** New messages show up within this time without live push. */
const POLL_MS = 60_000;

export function useLatestMessages() {
  return useQuery({
    queryKey: [...KEY, 'top'],
    queryFn: () => request<Message[]>(`${BASE}/my/topList`),
    refetchInterval: POLL_MS,
  });
}

/** How many messages are unread: the total of the unread page. */
export function useUnreadCount() {
  return useQuery({
    queryKey: [...KEY, 'unread'],
    queryFn: async () => (await request<MessagePage>(`${BASE}/my/list`, { query: { isRead: UNREAD, size: 1 } })).total,
    refetchInterval: POLL_MS,
  });
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
