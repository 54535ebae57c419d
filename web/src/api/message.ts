import type { MessagePage } from '../shell/messages.ts';
import type { Page } from './crud.ts';
import { type Query, request } from './http.ts';

/**
 * 我的消息 and 消息管理 (spec part 7) beyond the bell's calls (shell/messages.ts). Every query key
 * starts with the bell's `message`, so what one screen changes refreshes the others and the count.
 */
const BASE = 'blade-message/message';
export const MESSAGE_KEY = ['message'] as const;

/** The types a person may send; 3 (approval) comes from the workflow. */
export const SENDABLE_TYPES = [1, 2, 4] as const;
export type SendableType = (typeof SENDABLE_TYPES)[number];

export interface SentMessage {
  id: string;
  title: string;
  type: number;
  createTime: string;
  receiverCount: number;
  readCount: number;
}

export interface SentDetail extends SentMessage {
  content: string;
  senderName?: string;
  receivers: { userId: string; realName: string; account: string; isRead: number; readTime: string | null }[];
}

/** What 发送消息 posts: the chosen ids travel in the field of the type. */
export interface NewMessage {
  title: string;
  content: string;
  type: SendableType;
  userIds?: string[];
  deptIds?: string[];
  roleIds?: string[];
}

export const fetchInbox = (query: Query) => request<MessagePage>(`${BASE}/my/list`, { query });
export const removeFromInbox = (ids: string[]) =>
  request<boolean>(`${BASE}/my/remove`, { method: 'POST', query: { ids: ids.join(',') } });

export const fetchSent = (query: Query) => request<Page<SentMessage>>(`${BASE}/my/sendList`, { query });
export const fetchSentDetail = (id: string) => request<SentDetail>(`${BASE}/sendDetail`, { query: { id } });
export const sendMessage = (message: NewMessage) => request<string>(`${BASE}/save`, { method: 'POST', body: message });
export const withdrawMessages = (ids: string[]) =>
  request<boolean>(`${BASE}/remove`, { method: 'POST', query: { ids: ids.join(',') } });
