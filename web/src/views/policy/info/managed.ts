import { policy } from '@park/catalog';

/**
 * The policy as its add and edit pages (/policy/info/add, /policy/info/edit/:id: the spec's routes) write it: the
 * operator's one list is 政策管理 (/basic/policy), where both pages are opened and whither they return (issue 34.5);
 * 政策资讯 only reads the published ones. The pages are titled 新增政策 / 编辑政策 and their back button reads 政策.
 */
export const managedPolicy = { ...policy, route: '/basic/policy', label: { zh: '政策', en: 'Policy' } };
