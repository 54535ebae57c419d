import { pathMatches } from './permissions.ts';

/** The Account-Type of a company (enterprise) account's session. */
export const COMPANY_ACCOUNT = 'web';

/**
 * What a company account may call at all, whatever its role holds: its session, its own
 * enterprise's business (every such module scopes rows to the caller's enterprise), its
 * messages and files, and the shared lookups every screen needs. The park's administration
 * (users beyond its own, departments, roles, logs, configuration) stays the park's: a
 * company account gets 403 there. A business module that serves companies is added here.
 */
const COMPANY_PATHS = [
  '/api/blade-auth/**',
  '/api/blade-crm/**',
  // The canteen's booking screen and its own orders, where meal-config lets company staff book (the
  // order module keeps a company account to its own orders): the week's menu, the meals and categories
  // the booking dialog and the order list's search pick, book, cancel. Never write-off, statistics,
  // export, removal, or the menu's editing.
  '/api/blade-dhm/order-meal/week',
  '/api/blade-dhm/order-meal/page',
  '/api/blade-dhm/order-meal/submit',
  '/api/blade-dhm/order-meal/cancel',
  '/api/blade-dhm/meal/page',
  '/api/blade-dhm/category-meal/page',
  // Its own enterprise's lease contracts and their costs, read only (modules/property scopes and refuses writes).
  '/api/blade-property/room-contract/page',
  '/api/blade-property/room-contract/list',
  '/api/blade-property/room-contract/detail',
  '/api/blade-property/room-contract/select',
  '/api/blade-property/room-contract/select-by-id',
  '/api/blade-property/room-contract/select-by-enterprise',
  '/api/blade-property/lease-contract-cost/page',
  '/api/blade-property/lease-contract-cost/list',
  '/api/blade-property/lease-contract-cost/detail',
  // Its own enterprise's payments (issue 34.5: the list scopes them to its enterprise; a period's, to its periods).
  '/api/blade-property/lease-contract-cost/payment/list',
  // The public spaces it may book (the enabled ones), their reservations (another enterprise's only as booked),
  // and booking and cancelling its own (modules/property/spaces.ts); never the spaces' editing, config or export.
  '/api/blade-property/public-space/page',
  '/api/blade-property/public-space/list',
  '/api/blade-property/public-space/detail',
  '/api/blade-property/public-space/reserveRecord',
  '/api/blade-property/public-space/reserve',
  '/api/blade-property/public-space/cancel-reserve',
  // Its own enterprise's repairs: read, rate, cancel (reported through blade-crm/work-order/submit;
  // modules/property/repairs.ts scopes them); never the work orders' moves, removal or export.
  '/api/blade-property/repair/page',
  '/api/blade-property/repair/list',
  '/api/blade-property/repair/detail',
  '/api/blade-property/repair/rate',
  '/api/blade-property/repair/cancel',
  // The workflow's process screens for what it takes part in: a repair's process asks its reporter to confirm
  // (报修人确认). The lists are the caller's own, the detail and every task operation check the caller takes part
  // (modules/workflow); the screens its role is granted decide which it opens (never 流程监控 or the design).
  '/api/blade-workflow/process/**',
  // The surveys that ask it (问卷调查: the enabled ones whose scope names it), answering them, and its own sheets
  // (modules/questionnaire scopes all of it); never the design, the statistics or another's answers.
  '/api/blade-questionnaire/survey/page',
  '/api/blade-questionnaire/survey/list',
  '/api/blade-questionnaire/survey/detail',
  '/api/blade-questionnaire/survey/browse',
  '/api/blade-questionnaire/survey-data/page',
  '/api/blade-questionnaire/survey-data/list',
  '/api/blade-questionnaire/survey-data/detail',
  '/api/blade-questionnaire/survey-data/add',
  '/api/blade-questionnaire/survey-data/submit',
  '/api/blade-message/message/my/**',
  '/api/blade-message/message/detail',
  '/api/blade-message/message/readAll',
  '/api/blade-desk/notice/page',
  '/api/blade-desk/notice/list',
  '/api/blade-desk/notice/detail',
  // 企业概览 of its own enterprise alone, where its role is granted the screen (the seeded company role is not):
  // modules/decision/overview.ts reads only the enterprises its enterprise list shows, its own.
  '/api/blade-decision/overview/**',
  // The latest updates of its own enterprise (the enterprise scope narrows them).
  '/api/blade-desk/demo/enterpriseupdate/list',
  // Its own enterprise's production reports: read, hand in (add, amend) and their files (modules/prod puts its
  // enterprise on what it saves and scopes every read); never their removal, export or the other prod screens.
  '/api/blade-prod/report/page',
  '/api/blade-prod/report/list',
  '/api/blade-prod/report/detail',
  '/api/blade-prod/report/submit',
  '/api/blade-prod/report/attach-list',
  '/api/blade-prod/report/save-attach',
  '/api/blade-prod/report/remove-attach',
  // Published policies, their files, and the pushes that reached its enterprise (modules/basic/policy.ts scopes them).
  '/api/blade-basic/policy/page',
  '/api/blade-basic/policy/list',
  '/api/blade-basic/policy/detail',
  '/api/blade-basic/policy/attach-list',
  '/api/blade-demo/policy-push/page',
  '/api/blade-demo/policy-push/list',
  '/api/blade-demo/policy-push/detail',
  // Published news and guides, and its own feedback with the thread: submit, reply, close, files
  // (modules/basic/interaction.ts scopes them and refuses a company's writes to the articles).
  '/api/blade-basic/news/page',
  '/api/blade-basic/news/list',
  '/api/blade-basic/news/detail',
  '/api/blade-basic/news/select',
  '/api/blade-basic/guide/page',
  '/api/blade-basic/guide/list',
  '/api/blade-basic/guide/detail',
  '/api/blade-basic/guide/select',
  '/api/blade-basic/guide/attach-list',
  '/api/blade-basic/feedback/page',
  '/api/blade-basic/feedback/list',
  '/api/blade-basic/feedback/detail',
  '/api/blade-basic/feedback/submit',
  '/api/blade-basic/feedback/attach-list',
  '/api/blade-basic/feedback/save-attach',
  '/api/blade-basic/feedback/reply-list',
  '/api/blade-basic/feedback/reply',
  '/api/blade-basic/feedback/close',
  '/api/blade-system/dict/dictionary',
  '/api/blade-system/dict-biz/dictionary',
  '/api/blade-system/menu/routes',
  '/api/blade-system/menu/buttons',
  '/api/blade-system/menu/top-menu',
  // The home page's tiles: only those its own menus open.
  '/api/blade-system/navigate/home',
  // The home page's summary: its own enterprise's figures only (desk/home.ts).
  '/api/blade-desk/home/summary',
  '/api/blade-system/region/lazy-tree',
  '/api/blade-system/region/detail',
  '/api/blade-resource/oss/endpoint/put-file',
  '/api/blade-log/client/save',
  // Its own account: these read or change the caller only.
  '/api/blade-user/info',
  '/api/blade-user/update-info',
  '/api/blade-user/update-password',
  // Accounts of its own enterprise only (the user module scopes them), for binding its staff.
  '/api/blade-user/search/user',
];

export function companyMayCall(routePath: string): boolean {
  return COMPANY_PATHS.some((p) => pathMatches(p, routePath));
}
