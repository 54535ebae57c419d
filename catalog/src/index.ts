import { basicEntities } from './basic/index.ts';
import { crmEntities } from './crm/index.ts';
import { developEntities } from './develop/index.ts';
import { dhmEntities } from './dhm/index.ts';
import { financeEntities } from './finance/index.ts';
import { logEntities } from './log.ts';
import { prodEntities } from './prod/index.ts';
import { propertyEntities } from './property/index.ts';
import { questionnaireEntities } from './questionnaire/index.ts';
import { PICKED, type Reference } from './references.ts';
import { resourceEntities } from './resource/index.ts';
import { client } from './system/client.ts';
import { dept } from './system/dept.ts';
import { dict, dictBiz } from './system/dict.ts';
import { menu } from './system/menu.ts';
import { navigate } from './system/navigate.ts';
import { notice } from './system/notice.ts';
import { param } from './system/param.ts';
import { post } from './system/post.ts';
import { region } from './system/region.ts';
import { role } from './system/role.ts';
import { apiScope, dataScope } from './system/scope.ts';
import { SOCIAL_CATEGORIES, type SocialCategory, socialProvider } from './system/social.ts';
import { tenant } from './system/tenant.ts';
import { tenantPackage } from './system/tenant-package.ts';
import { topMenu } from './system/top-menu.ts';
import { user } from './system/user.ts';
import type { EntityDef, FieldDef, Text } from './types.ts';
import { workflowEntities } from './workflow/index.ts';

export * from './basic/index.ts';
export * from './crm/index.ts';
export * from './cron.ts';
export * from './decision/widgets.ts';
export * from './desk.ts';
export * from './develop/index.ts';
export * from './dhm/index.ts';
export * from './finance/index.ts';
export * from './log.ts';
export * from './prod/index.ts';
export * from './property/index.ts';
export * from './questionnaire/index.ts';
export * from './questionnaire/statistics.ts';
export * from './references.ts';
export * from './resource/index.ts';
export * from './rules.ts';
export * from './types.ts';
export * from './workflow/index.ts';
export {
  apiScope,
  client,
  dataScope,
  dept,
  dict,
  dictBiz,
  menu,
  navigate,
  notice,
  param,
  post,
  region,
  role,
  SOCIAL_CATEGORIES,
  type SocialCategory,
  socialProvider,
  tenant,
  tenantPackage,
  topMenu,
  user,
};

/** Every catalog entity; the server mounts each, the web finds each by its route. */
export const entities: EntityDef[] = [
  param,
  tenant,
  tenantPackage,
  client,
  user,
  role,
  dept,
  post,
  dict,
  dictBiz,
  region,
  topMenu,
  navigate,
  menu,
  dataScope,
  apiScope,
  notice,
  socialProvider,
  ...crmEntities,
  ...logEntities,
  ...resourceEntities,
  ...developEntities,
  ...basicEntities,
  ...dhmEntities,
  ...propertyEntities,
  ...prodEntities,
  ...financeEntities,
  ...workflowEntities,
  ...questionnaireEntities,
];

export function entityByRoute(route: string): EntityDef | undefined {
  return entities.find((e) => e.route === route);
}

/** The name of the entity a key stands for (an `entityKey` field's value); an unknown key as it is. */
export function entityName(key: unknown, lang: keyof Text): string {
  return entities.find((e) => e.key === key)?.label[lang] ?? String(key ?? '');
}

/**
 * The menu paths whose grant lets a caller read an entity's rows: its own screen, the screens
 * that declare they read it (`readWith`), and every screen whose rows name its rows (a picker or a `ref`
 * whose name the web reads itself).
 */
export function readersOf(entity: EntityDef): string[] {
  // A name the server reads with the row (`ref.as`) needs no read of the named entity.
  const names = (f: FieldDef) => {
    const ref = referenceOf(f);
    return ref?.entity === entity && !ref.as;
  };
  const picking = entities.filter((e) => e.fields.some(names)).map((e) => e.route);
  return [...new Set([entity.route, ...(entity.readWith ?? []), ...picking])];
}

/** The row an id field names (a picker's list, or the field's `ref`), or undefined for any other field. */
export function referenceOf(field: FieldDef): Reference | undefined {
  if (field.picker) return PICKED[field.picker];
  if (!field.ref) return undefined;
  const entity = entities.find((e) => e.key === field.ref?.entity);
  if (!entity) throw new Error(`${field.name} names an unknown entity ${field.ref.entity}`);
  return { entity, nameField: field.ref.nameField, as: field.ref.as };
}
