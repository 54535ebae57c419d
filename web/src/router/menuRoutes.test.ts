import { entities } from '@park/catalog';
import { ENTITY_ROUTES } from '@park/catalog/routes';
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../api/menu.ts';
import { ancestorsOf, buildMenuRoutes, type ViewLoader, viewPathOf } from './menuRoutes.ts';

let nextId = 0;
function node(code: string, name: string, path: string, children: MenuNode[] = []): MenuNode {
  nextId += 1;
  return { id: String(nextId), parentId: '0', code, name, path, children, hasChildren: children.length > 0 };
}

const entityRoutes = new Set(ENTITY_ROUTES);

const deptView: ViewLoader = () => Promise.resolve({ default: () => null });

const tree: MenuNode[] = [
  node('system', '系统管理', '/system', [
    node('param', '参数管理', '/system/param'),
    node('dept', '机构管理', '/system/dept'),
    node('authority', '权限管理', '/authority', [node('sealed', '未开放页面', '/authority/sealed')]),
  ]),
  node('docs', '开发文档', 'https://example.com/docs'),
  node('manual', '操作手册', '/static/manual.html'),
  node('wel', '首页', '/wel/index'),
  node('blank', '无路径', ''),
  node('param_again', '参数副本', '/system/param'),
];

describe('ENTITY_ROUTES', () => {
  it('names exactly the routes of the catalog entities', () => {
    expect([...ENTITY_ROUTES].sort()).toEqual(entities.map((e) => e.route).sort());
  });
});

describe('buildMenuRoutes', () => {
  const views = new Map([['/system/dept', deptView]]);
  const routes = buildMenuRoutes(tree, views, entityRoutes);

  it('makes a route of every page leaf, once per path, in menu order', () => {
    expect(routes.map((r) => r.path)).toEqual(['/system/param', '/system/dept', '/authority/sealed', '/wel/index']);
  });

  it('keeps the code and name for the tab and the translation', () => {
    expect(routes[0]).toMatchObject({ code: 'param', name: '参数管理' });
  });

  it('serves a catalog entity with the generic screen', () => {
    expect(routes[0].screen).toEqual({ kind: 'entity', route: '/system/param' });
  });

  it('prefers a custom screen in views/ at the same path', () => {
    expect(routes[1].screen).toEqual({ kind: 'view', load: deptView });
    const withParamView = buildMenuRoutes(tree, new Map([['/system/param', deptView]]), entityRoutes);
    expect(withParamView[0].screen.kind).toBe('view');
  });

  it('keeps alive the pages whose menu says isOpen = 2', () => {
    const kept = buildMenuRoutes(
      [
        { ...node('survey_data', '问卷数据', '/questionnaire/survey-data'), isOpen: 2 },
        node('wel', '首页', '/wel/index'),
      ],
      views,
      entityRoutes,
    );
    expect(kept.map((r) => r.keepAlive)).toEqual([true, false]);
    expect(routes.every((r) => !r.keepAlive)).toBe(true);
  });

  it('calls a page with neither missing', () => {
    expect(routes[2].screen).toEqual({ kind: 'missing' });
  });

  it('leaves out groups, embedded pages (web addresses, html) and leaves without a path', () => {
    const paths = routes.map((r) => r.path);
    expect(paths).not.toContain('/static/manual.html');
    expect(paths).not.toContain('/system');
    expect(paths).not.toContain('https://example.com/docs');
    expect(paths).not.toContain('');
  });

  it('builds nothing from an empty tree', () => {
    expect(buildMenuRoutes([], views, entityRoutes)).toEqual([]);
  });
});

describe('viewPathOf', () => {
  it('maps a custom screen module to its menu path', () => {
    expect(viewPathOf('../views/system/param/index.tsx')).toBe('/system/param');
    expect(viewPathOf('../views/crm/enterprise/detail/index.tsx')).toBe('/crm/enterprise/detail');
  });
});

describe('ancestorsOf', () => {
  it('lists the groups above a page, outermost first', () => {
    const [system] = tree;
    const authority = system.children?.[2];
    expect(ancestorsOf(tree, '/authority/sealed')).toEqual([system.id, authority?.id]);
    expect(ancestorsOf(tree, '/system/param')).toEqual([system.id]);
  });

  it('is empty for a top-level page or an unknown path', () => {
    expect(ancestorsOf(tree, '/wel/index')).toEqual([]);
    expect(ancestorsOf(tree, '/nowhere')).toEqual([]);
  });
});
