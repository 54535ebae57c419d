/** 问卷管理's screens: the form designer and its versions, surveys (made, sent, answered), their statistics and report. */
export const questionnaire = {
  form: {
    title: '问卷表单',
  },
  survey: {
    title: '问卷调查',
  },
  stats: {
    title: '问卷统计',
  },
};
