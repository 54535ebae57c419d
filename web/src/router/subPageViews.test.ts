import { describe, expect, it } from 'vitest';
import { grantPathOf, type MenuPage, subPageViews, type ViewLoader } from './menuRoutes.ts';
import { viewGrants, views } from './views.ts';

const load: ViewLoader = () => Promise.resolve({ default: () => null });
const page = (path: string): MenuPage => ({ path, code: path, name: path, keepAlive: false });

const someViews = new Map<string, ViewLoader>([
  ['/crm/enterprise', load],
  ['/crm/enterprise/detail', load],
  ['/workflow/design/model', load],
  ['/workflow/design/model/history/:id', load],
  ['/workflow/design/process/:id', load],
]);
const grants = new Map([['/workflow/design/process/:id', '/workflow/design/model']]);

describe('subPageViews', () => {
  it('opens a screen below a granted page, as before', () => {
    const paths = subPageViews(someViews, grants, [page('/crm/enterprise')]).map(([path]) => path);
    expect(paths).toEqual(['/crm/enterprise/detail']);
  });

  it('opens a screen elsewhere for whom the menu path it names is granted', () => {
    const paths = subPageViews(someViews, grants, [page('/workflow/design/model')]).map(([path]) => path);
    expect(paths).toEqual(['/workflow/design/model/history/:id', '/workflow/design/process/:id']);
  });

  it('opens neither without the grant (the path stays a 404)', () => {
    const paths = subPageViews(someViews, grants, [page('/crm/enterprise'), page('/workflow/design/form')]).map(
      ([path]) => path,
    );
    expect(paths).not.toContain('/workflow/design/process/:id');
    expect(subPageViews(someViews, grants, [])).toEqual([]);
  });

  it('does not take a page whose path only starts alike', () => {
    expect(subPageViews(someViews, grants, [page('/workflow/design/model-scope')])).toEqual([]);
  });
});

describe('grantPathOf', () => {
  it('maps a grant file to the path of the screen beside it, parameters included', () => {
    expect(grantPathOf('../views/workflow/design/process/[id]/grantedBy.ts')).toBe('/workflow/design/process/:id');
    expect(grantPathOf('../views/a/b/grantedBy.ts')).toBe('/a/b');
  });
});

describe('the app’s grants', () => {
  it('grant the model designer to whom the model list is granted, and name existing screens', () => {
    expect(viewGrants.get('/workflow/design/process/:id')).toBe('/workflow/design/model');
    for (const path of viewGrants.keys()) expect(views.has(path), path).toBe(true);
  });
});
