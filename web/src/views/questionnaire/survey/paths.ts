/** Where 问卷调查's rows lead: its create screen (a survey's edit with `id`), answering, statistics, answer sheets. */
export const SURVEY_PATHS = {
  list: '/questionnaire/survey',
  create: (id?: string) => `/questionnaire/survey/create${id ? `?id=${encodeURIComponent(id)}` : ''}`,
  answer: (id: string) => `/questionnaire/survey/detail/answer?id=${encodeURIComponent(id)}`,
  statistics: (id: string) => `/questionnaire/survey/detail/statistics?id=${encodeURIComponent(id)}`,
  sheets: (id: string) => `/questionnaire/survey-data/${encodeURIComponent(id)}`,
};
