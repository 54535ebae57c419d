import {
  apiScope,
  client,
  dataScope,
  datasource,
  dict,
  ENTERPRISE_UPDATES,
  enterprise,
  entities,
  menu,
  readersOf,
  region,
  role,
  tenant,
  tenantPackage,
  wfCategory,
} from '@park/catalog';
import { pathMatches } from './permissions.ts';

/**
 * Which grant opens an API route, besides its button code: either every signed-in user (the
 * lookups every screen needs, and calls on the caller's own account and inbox), or a screen, a
 * menu path the caller may open. A catalog entity's routes (`/api/<entity.api>/...`) open to
 * the screens that read it (`readersOf`) for reading, and to its own and declared screens
 * (`route`, `readWith`) for anything else: a form that only picks an entity's rows does not
 * write them. The few routes outside an entity's path name their screens below. A route that resolves to neither is refused, and a test sweeps every route so
 * that none is left unplaced.
 */
export type RouteAccess = { shared: true } | { menus: string[] };

/**
 * SpringBlade's spelling of the user calls (`/api/blade-system/user/...`, as Saber calls them, issue 35): the user
 * module mounts every blade-user route under it too (modules/user/alias.ts), and each check reads the alias as
 * the route it stands for, so both spellings open to the same screens, buttons, API scopes and company accounts.
 */
export const USER_ALIAS = { alias: '/api/blade-system/user/', canonical: '/api/blade-user/' } as const;

/** The route an alias stands for (`/api/blade-system/user/list` -> `/api/blade-user/list`); any other, itself. */
export function canonicalRoute(route: string): string {
  return route.startsWith(USER_ALIAS.alias) ? USER_ALIAS.canonical + route.slice(USER_ALIAS.alias.length) : route;
}

/** Open to every signed-in user of the tenant. */
const SHARED = [
  '/api/blade-auth/**',
  // The shell: the caller's own menus, buttons and top menus, and the home page's tiles (only those they may open).
  '/api/blade-system/menu/routes',
  '/api/blade-system/menu/buttons',
  '/api/blade-system/menu/top-menu',
  '/api/blade-system/navigate/home',
  // The home page's summary: each figure in it is asked for only where the caller opens its screen (desk/home.ts).
  '/api/blade-desk/home/summary',
  // Dropdown and picker sources of every form: dictionaries, departments, posts, regions, people.
  '/api/blade-system/dict/dictionary',
  '/api/blade-system/dict-biz/dictionary',
  '/api/blade-system/dept/tree',
  '/api/blade-system/dept/lazy-tree',
  '/api/blade-system/dept/select',
  '/api/blade-system/post/select',
  '/api/blade-system/region/lazy-tree',
  '/api/blade-system/region/detail',
  '/api/blade-user/search/user',
  // The caller's own account, inbox and uploads.
  '/api/blade-user/info',
  '/api/blade-user/update-info',
  '/api/blade-user/update-password',
  '/api/blade-message/message/my/**',
  '/api/blade-message/message/detail',
  '/api/blade-message/message/readAll',
  '/api/blade-resource/oss/endpoint/put-file',
  '/api/blade-log/client/save',
];

/**
 * What belongs to the platform tenant (000000) alone, whatever a package or a role holds: the
 * screens of its own tables (tenants, packages, clients, scope rules; their routes refuse every
 * other tenant), and the write buttons of the tables it shares with every tenant read-only (menus,
 * system dictionaries, regions). Another tenant's sidebar, buttons and grant trees leave them out,
 * as do the package trees, and its screens do not open (`permissionsOf`).
 */
export const platformOnly: { screens: ReadonlySet<string>; buttons: ReadonlySet<string> } = {
  // Data sources too: saving one opens a connection to any host and port the server can reach.
  screens: new Set([tenant, tenantPackage, client, dataScope, apiScope, datasource].map((e) => e.route)),
  buttons: new Set([menu, dict, region].flatMap((e) => ['add', 'edit', 'delete'].map((a) => `${e.key}_${a}`))),
};

/** The workflow's runtime screens (menus under 流程事务, and 流程监控). */
const WF = {
  start: '/workflow/process/start',
  todo: '/workflow/process/todo',
  claim: '/workflow/process/claim',
  send: '/workflow/process/send',
  done: '/workflow/process/done',
  copy: '/workflow/process/copy',
  ops: '/workflow/ops',
} as const;
const WF_SCREENS = [WF.start, WF.todo, WF.claim, WF.send, WF.done, WF.copy];
const OA_WORK = '/oa/work';

/** 问卷管理's survey screens, whose calls are outside the catalog's `entities` (catalog questionnaireEntities). */
const QN = {
  survey: '/questionnaire/survey',
  data: '/questionnaire/survey-data',
  scope: '/questionnaire/survey-scope',
};

/** The screens that edit a scope (who may start a model, whom a survey asks): their editor picks roles and enterprises. */
const SCOPE_EDITORS = ['/workflow/design/model', '/workflow/design/model-scope', QN.survey, QN.scope];

/** Routes outside any entity's path, and the screens they serve. */
const SCREENS: [pattern: string, menus: string[]][] = [
  ['/api/blade-system/search/role', [role.route]],
  ['/api/blade-system/search/dept', ['/system/dept']],
  ['/api/blade-system/search/post', ['/system/post']],
  ['/api/blade-message/message/**', ['/message/send']],
  // 通知规则 (modules/message/notify-rules.ts): who hears of each kind of incoming work.
  ['/api/blade-message/notify-rule/**', ['/message/notify-rule']],
  // The role's readers, and the park's staff screens: 创建账号 (staff/create-bind) picks the new account's role.
  [
    '/api/blade-system/role/select',
    [...readersOf(role), '/crm/enterprise', '/crm/staff', '/basic/personel/staff', ...SCOPE_EDITORS],
  ],
  // The enterprise picker's reads, for the scope editors too, and 政策推送's dialog (enterprises added by hand).
  ['/api/blade-crm/enterprise/page', [...readersOf(enterprise), ...SCOPE_EDITORS, '/policy/push']],
  ['/api/blade-crm/enterprise/list-by-ids', [...readersOf(enterprise), ...SCOPE_EDITORS, '/policy/push']],
  // A matter comment's files: the comment screen's (their rows are the comment's attachments).
  ['/api/blade-basic/team-project-matters-comments-attach/**', ['/basic/team-project-matters-comment']],
  // Tag options: the guide and policy forms' tag input offers them and adds the tags typed there.
  ['/api/blade-basic/tag-option/**', ['/interaction/guide', '/basic/policy', '/policy/info', '/policy/push']],
  // The desk's own matters (the caller's, whatever the basic screens grant) and the enterprise updates.
  ['/api/blade-desk/team-project-matters/**', ['/desk/teamproject']],
  [`/api/${ENTERPRISE_UPDATES.api}`, [...ENTERPRISE_UPDATES.screens]],
  // 控制台's charts (modules/desk/dashboard.ts): the park's figures, never a company account's (company-fence).
  ['/api/blade-desk/dashboard/**', ['/wel/dashboard']],
  // 企业概览 (modules/decision/overview.ts): one enterprise's profile, of those the caller's enterprise list shows.
  ['/api/blade-decision/overview/**', ['/decision/overview']],
  // 驾驶舱 and the analyses (modules/decision): the park's figures, never a company account's (company-fence). The
  // cockpit's widgets draw the analyses too, and 排行榜 ranks the enterprises as the cockpit does.
  ['/api/blade-decision/cockpit/rank-enterprise', ['/decision/cockpit', '/decision/rank']],
  ['/api/blade-decision/cockpit/**', ['/decision/cockpit']],
  ['/api/blade-decision/analyse/**', ['/decision/analyse', '/decision/rank', '/decision/trend', '/decision/cockpit']],
  // 报表管理 (modules/report): the park's generated reports, listed, made, downloaded and removed there (each write and
  // the download behind its button); never a company account's (company-fence).
  ['/api/blade-report/report/rest/**', ['/report/reportlist']],
  // A company account's fault report: a repair, the 报修管理 screen's (modules/property/repairs.ts).
  ['/api/blade-crm/work-order/submit', ['/property/repair']],
  // The workflow's runtime: what may be started and its form, from 发起事务; each list from its screen; an
  // instance's detail and its task operations from any screen that opens one.
  ['/api/blade-workflow/process/processList', [WF.start]],
  ['/api/blade-workflow/process/getFormByProcessId', [WF.start]],
  ['/api/blade-workflow/process/startProcess', [WF.start]],
  ['/api/blade-workflow/process/todoList', [WF.todo]],
  ['/api/blade-workflow/process/claimList', [WF.claim]],
  ['/api/blade-workflow/process/sendList', [WF.send]],
  ['/api/blade-workflow/process/doneList', [WF.done]],
  ['/api/blade-workflow/process/myDoneList', [WF.done, OA_WORK]],
  ['/api/blade-workflow/process/copyList', [WF.copy]],
  ['/api/blade-workflow/process/urgeTask', [WF.send, WF.todo, OA_WORK]],
  ['/api/blade-workflow/process/withdrawTask', [...WF_SCREENS, OA_WORK]],
  ['/api/blade-workflow/process/detail', [...WF_SCREENS, OA_WORK, WF.ops]],
  ['/api/blade-workflow/process/getBackNodes', [...WF_SCREENS, OA_WORK]],
  ...[
    'completeTask',
    'claimTask',
    'transferTask',
    'delegateTask',
    'copyTask',
    'rollbackTask',
    'terminateProcess',
    'addMultiInstance',
    'deleteMultiInstance',
  ].map((call): [string, string[]] => [`/api/blade-workflow/process/${call}`, [...WF_SCREENS, OA_WORK]]),
  ['/api/blade-workflow/ops/**', [WF.ops]],
  // The runtime's screens filter by category (the start screen's tree, the lists' filter).
  ['/api/blade-workflow/design/category/tree', [...readersOf(wfCategory), ...WF_SCREENS, OA_WORK, WF.ops]],
  ['/api/blade-oa/work/**', [OA_WORK]],
  // Surveys: made, sent and answered on 问卷调查 (its answer and statistics pages), picked on 问卷数据 and 问卷范围;
  // the answers on 问卷数据 and 问卷调查's answer page; the scopes on 问卷范围 and where a survey is made. Writes take
  // their buttons besides; modules/questionnaire narrows a respondent to their own surveys and sheets.
  ['/api/blade-questionnaire/survey/**', [QN.survey, QN.data, QN.scope]],
  ['/api/blade-questionnaire/survey-data/**', [QN.data, QN.survey]],
  ['/api/blade-questionnaire/survey-scope/**', [QN.scope, QN.survey]],
];

/** Entities by API path, longest first, so `blade-system/dict-biz` wins over a shorter prefix. */
const BY_API = entities
  .map((entity) => ({
    prefix: `/api/${entity.api}/`,
    readers: readersOf(entity),
    writers: [entity.route, ...(entity.readWith ?? [])],
  }))
  .sort((a, b) => b.prefix.length - a.prefix.length);

const resolved = new Map<string, RouteAccess | undefined>();

/** What opens `route` (a route pattern as Fastify registered it) to `method`, or undefined when nothing does. */
export function routeAccess(method: string, route: string): RouteAccess | undefined {
  const key = `${method} ${route}`;
  if (!resolved.has(key)) resolved.set(key, resolve(method, route));
  return resolved.get(key);
}

function resolve(method: string, spelled: string): RouteAccess | undefined {
  const route = canonicalRoute(spelled);
  if (SHARED.some((p) => pathMatches(p, route))) return { shared: true };
  const screen = SCREENS.find(([p]) => pathMatches(p, route));
  if (screen) return { menus: screen[1] };
  const entity = BY_API.find((e) => route.startsWith(e.prefix));
  return entity && { menus: method === 'GET' ? entity.readers : entity.writers };
}
