import { feedback } from '@park/catalog';
import { request } from './http.ts';

/** One message of a feedback's thread (blade-basic/feedback/reply-list). */
export interface FeedbackReply {
  id: string;
  feedbackId: string;
  content: string;
  /** 1 from park staff, 0 from the feedback's author. */
  fromPark: number;
  createUserName: string | null;
  createTime: string;
}

export const fetchReplies = (feedbackId: string) =>
  request<FeedbackReply[]>(`${feedback.api}/reply-list`, { query: { feedbackId } });

export const sendReply = (feedbackId: string, content: string) =>
  request<FeedbackReply>(`${feedback.api}/reply`, { method: 'POST', body: { feedbackId, content } });

export const closeFeedback = (id: string) =>
  request<boolean>(`${feedback.api}/close`, { method: 'POST', query: { id } });
