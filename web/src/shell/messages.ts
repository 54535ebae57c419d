import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../api/http.ts';

/** The message calls the bell makes (spec part 7). isRead: 1 unread, 0 read (spec part 4). */
export const UNREAD = 1;

/** Message types 1 to 4, as named in the texts. */
const TYPE_NAMES = ['system', 'notice', 'todo', 'warning'] as const;

export function typeKey(type: number): `message.types.${(typeof TYPE_NAMES)[number]}` {
  return `message.types.${TYPE_NAMES[type - 1] ?? 'system'}`;
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
