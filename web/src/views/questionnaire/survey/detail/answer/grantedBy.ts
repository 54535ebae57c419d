/** 问卷调查 grants its answer page (router/views.ts `viewGrants`): whoever finds a survey in its list may answer it. */
export default '/questionnaire/survey';
