import { certificate, intellectualProperty, qualification } from './crm/achievements.ts';
import { enterprise } from './crm/enterprise.ts';
import { project } from './crm/project.ts';
import { crmStaff } from './crm/staff.ts';
import type { EntityDef, PickerKind } from './types.ts';

/** A row another entity's id field names: the entity it belongs to and the field that names it. */
export interface Reference {
  entity: EntityDef;
  nameField: string;
  /** The property each read row carries the name in, when the server reads it with the row (`FieldDef.ref`). */
  as?: string;
}

/**
 * What each picker kind picks from and shows once picked: the web's dialogs and list cells and
 * the server's export read the same names from here.
 */
export const PICKED: Record<PickerKind, Reference> = {
  staff: { entity: crmStaff, nameField: 'staffName' },
  enterprise: { entity: enterprise, nameField: 'enterpriseName' },
  project: { entity: project, nameField: 'projectName' },
  certificate: { entity: certificate, nameField: 'certificateName' },
  qualification: { entity: qualification, nameField: 'qualificationName' },
  'intellectual-property': { entity: intellectualProperty, nameField: 'patentName' },
};
