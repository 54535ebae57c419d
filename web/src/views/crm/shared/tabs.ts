import {
  agreement,
  businessHolding,
  businessInfo,
  certificate,
  crmStaff,
  type EntityDef,
  economic,
  enterpriseHistory,
  enterprisePlan,
  finance,
  intellectualProperty,
  production,
  productionDetail,
  project,
  projectHistory,
  qualification,
  rdPlatform,
  rdPlatformAssets,
  standard,
  workshop,
} from '@park/catalog';
import type { ComponentType } from 'react';
import { fetchProjectHistory } from '../../../api/crm.ts';
import type { Row } from '../../../api/crud.ts';
import { StaffAccountActions } from './StaffAccountActions.tsx';

/** Rows of another entity that hang under one row of the tab (a project's history records). */
export interface ChildList {
  entity: EntityDef;
  /** The child's field naming its parent row. */
  field: string;
  /** The row button's text (crm namespace). */
  action: 'history' | 'assets';
  /** The parent's field that names it in the dialog's title. */
  nameField: string;
  /** How the parent's detail page loads the rows, when not by the generic list (history-list). */
  list?: (parentId: string) => Promise<Row[]>;
}

/** A parent row a new row of the tab must name, picked among the enterprise's rows of that entity. */
export interface ParentPick {
  entity: EntityDef;
  field: string;
  nameField: string;
}

/** A tab's own row buttons (a staff member's account). */
export interface RowActionProps {
  row: Row;
  reload: () => void;
}

export interface EnterpriseTabDef {
  /** The tab's key in the address (`?tab=`), as the spec names the child routes. */
  key: string;
  entity: EntityDef;
  /** One row per enterprise, shown as a form instead of a list (business info). */
  single?: boolean;
  /** A list shown below the form of a single-row tab. */
  below?: EntityDef;
  child?: ChildList;
  parent?: ParentPick;
  rowActions?: ComponentType<RowActionProps>;
  /** For a tab whose rows carry files: the parameter naming the row (`certificateId`) and the field naming it. */
  attachments?: { param: string; nameField: string };
  /** A row opens in its own detail page at `<entity route>/detail/<id>` (spec part 2), named by this field. */
  detail?: { nameField: string };
}

/** The 16 tabs of the enterprise detail (spec part 2), in the spec's order; each is a list of its catalog entity. */
export const ENTERPRISE_TABS: EnterpriseTabDef[] = [
  { key: 'business', entity: businessInfo, single: true, below: businessHolding },
  { key: 'staff', entity: crmStaff, rowActions: StaffAccountActions },
  {
    key: 'intellectual-property',
    entity: intellectualProperty,
    attachments: { param: 'intellectPropertyId', nameField: 'patentName' },
    detail: { nameField: 'patentName' },
  },
  {
    key: 'qualification',
    entity: qualification,
    attachments: { param: 'qualificationId', nameField: 'qualificationName' },
    detail: { nameField: 'qualificationName' },
  },
  {
    key: 'certificate',
    entity: certificate,
    attachments: { param: 'certificateId', nameField: 'certificateName' },
    detail: { nameField: 'certificateName' },
  },
  {
    key: 'project',
    entity: project,
    attachments: { param: 'projectId', nameField: 'projectName' },
    child: {
      entity: projectHistory,
      field: 'projectId',
      action: 'history',
      nameField: 'projectName',
      list: fetchProjectHistory,
    },
    detail: { nameField: 'projectName' },
  },
  { key: 'enterprisePlan', entity: enterprisePlan },
  { key: 'history', entity: enterpriseHistory },
  { key: 'agreement', entity: agreement },
  { key: 'economic', entity: economic },
  {
    key: 'rdPlatform',
    entity: rdPlatform,
    child: { entity: rdPlatformAssets, field: 'rdPlatformId', action: 'assets', nameField: 'platformName' },
    detail: { nameField: 'platformName' },
  },
  { key: 'workshop', entity: workshop, attachments: { param: 'workshopId', nameField: 'workshopName' } },
  { key: 'finance', entity: finance },
  { key: 'production', entity: production },
  {
    key: 'production-detail',
    entity: productionDetail,
    parent: { entity: production, field: 'productionId', nameField: 'productName' },
  },
  { key: 'standard', entity: standard },
];

/** The address of a row's detail page: its entity's route, `/detail/`, its id (`/crm/project/detail/1`). */
export const rowDetailPath = (tab: EnterpriseTabDef, id: string) =>
  `${tab.entity.route}/detail/${encodeURIComponent(id)}`;

/** The tab whose rows a detail page shows, by the tab's key. */
export function tabOf(key: string): EnterpriseTabDef {
  const tab = ENTERPRISE_TABS.find((t) => t.key === key);
  if (!tab) throw new Error(`No enterprise tab ${key}`);
  return tab;
}
