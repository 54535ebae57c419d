import type { Resources } from '../types.ts';

/** News, guides and feedback: a guide's files, a feedback's thread and its reply box. */
export const interaction: Resources['interaction'] = {
  files: 'Files',
  thread: 'Thread',
  threadTitle: 'Feedback: {{title}}',
  park: 'Park',
  author: 'Author',
  noReplies: 'No replies yet',
  reply: 'Reply',
  replyLabel: 'Reply',
  replyRequired: 'Please enter the reply',
  send: 'Send reply',
  replied: 'Reply sent',
  close: 'Close feedback',
  confirmClose: 'A closed feedback takes no more replies. Close it?',
  closed: 'Closed',
  closedNote: 'This feedback is closed and takes no more replies.',
};
