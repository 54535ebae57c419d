import { ctx, isAdministrator, type RequestContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { forbidden } from '../../platform/errors.ts';
import { PLATFORM_TENANT } from '../../platform/params.ts';
import type { Platform } from '../../platform/platform.ts';
import type { EntityHooks } from '../../resources/engine.ts';

/**
 * Platform-level tables (tenants, packages, clients, system dictionaries' writes, scopes,
 * regions' writes) belong to the platform tenant's administrator: any other caller,
 * a tenant's own administrator included, gets 403.
 */
export function isPlatformAdmin(caller: RequestContext = ctx()): boolean {
  return caller.tenantId === PLATFORM_TENANT && isAdministrator(caller);
}

export function requirePlatformAdmin(caller: RequestContext = ctx()): void {
  if (!isPlatformAdmin(caller)) throw forbidden();
}

/** Hooks that fence a whole resource (reads and writes) to the platform administrator. */
export const platformOnly: EntityHooks = {
  scope: (_where, caller) => requirePlatformAdmin(caller),
  beforeSave: async () => requirePlatformAdmin(),
};

/** Hooks that let every tenant read a shared resource but only the platform administrator change it. */
export const platformWrites: EntityHooks = {
  beforeSave: async () => requirePlatformAdmin(),
  // Thrown inside the removing transaction, so nothing is removed.
  afterRemove: async () => requirePlatformAdmin(),
};

/** Runs raw reads in the caller's tenant scope (row-level security applies), handing over the tenant id for filters. */
export function inCallerTenant(platform: Platform) {
  return <T>(fn: (q: Queryable, tenantId: string) => Promise<T>): Promise<T> => {
    const tenantId = ctx().tenantId;
    return platform.db.scoped(tenantId, (q) => fn(q, tenantId));
  };
}
