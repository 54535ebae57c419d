/** 政策管理 grants the policy's add and edit pages (router/views.ts `viewGrants`): the operator's one policy list opens them. */
export default '/basic/policy';
