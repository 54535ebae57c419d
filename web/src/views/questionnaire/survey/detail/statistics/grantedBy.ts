/** 问卷调查 grants a survey's statistics (router/views.ts `viewGrants`); the server serves them to those who run surveys. */
export default '/questionnaire/survey';
