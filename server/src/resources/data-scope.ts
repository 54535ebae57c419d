import type { RequestContext } from '../platform/context.ts';
import type { Model } from './model.ts';
import { ident, type Where } from './sql.ts';

/**
 * Data scope (CONTRACT.md): a rule granted to one of the caller's roles narrows every
 * read and write of its resource. Several rules widen each other (any of them lets a
 * row through); scope type 1 lets everything through.
 */
export interface DataScopeRule {
  scopeColumn: string;
  /** 1 all, 2 own rows, 3 own department, 4 own department and below, 5 the listed ids. */
  scopeType: number;
  scopeValue: string | null;
}

export function dataScopeCondition(
  where: Where,
  rules: DataScopeRule[] | undefined,
  caller: RequestContext,
  model: Model,
) {
  if (!rules || rules.length === 0) return;
  const alternatives: string[] = [];
  for (const rule of rules) {
    if (rule.scopeType === 1) return;
    // The rule names a column; one the table lacks lets nothing through rather than failing.
    const known = [...model.columns.values()].some((c) => c.column === rule.scopeColumn);
    if (!known) continue;
    const col = ident(rule.scopeColumn);
    switch (rule.scopeType) {
      case 2:
        alternatives.push(`${col} = ${where.param(caller.userId)}`);
        break;
      case 3:
        alternatives.push(`${col} = ${where.param(caller.deptId || '0')}`);
        break;
      case 4: {
        const dept = where.param(caller.deptId || '0');
        alternatives.push(
          `${col} in (select id from blade_dept where is_deleted = 0 and (id = ${dept} or ',' || ancestors || ',' like '%,' || ${dept} || ',%'))`,
        );
        break;
      }
      case 5: {
        const ids = (rule.scopeValue ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter((s) => /^\d+$/.test(s));
        alternatives.push(`${col}::text = any(${where.param(ids)}::text[])`);
        break;
      }
    }
  }
  where.and(alternatives.length ? alternatives.join(' or ') : 'false');
}
