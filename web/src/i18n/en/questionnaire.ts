import type { Resources } from '../types.ts';

/** The questionnaire screens: the form designer and its versions, surveys (made, sent, answered), statistics, report. */
export const questionnaire: Resources['questionnaire'] = {
  form: {
    title: 'Questionnaire forms',
  },
  survey: {
    title: 'Surveys',
  },
  stats: {
    title: 'Survey statistics',
  },
};
