/** News, guides and feedback: a guide's files, a feedback's thread and its reply box. */
export const interaction = {
  files: '附件',
  thread: '对话',
  threadTitle: '意见反馈：{{title}}',
  park: '园区',
  author: '反馈人',
  noReplies: '暂无回复',
  reply: '回复',
  replyLabel: '回复内容',
  replyRequired: '请输入回复内容',
  send: '发送回复',
  replied: '回复成功',
  close: '关闭反馈',
  confirmClose: '关闭后该反馈不能再回复，确定关闭？',
  closed: '已关闭',
  closedNote: '该反馈已关闭，不能再回复。',
};
