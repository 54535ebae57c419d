/** 问卷调查 grants its create screen (router/views.ts `viewGrants`): whoever runs surveys there makes and edits them here. */
export default '/questionnaire/survey';
