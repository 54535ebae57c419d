import { type EntityDef, PICKED, PICKER_KINDS, type PickerKind } from '@park/catalog';
import dayjs from 'dayjs';
import { i18n, type Lang } from '../../i18n/index.ts';

/** Pickers show 10 rows per page (spec part 9). */
export const PICKER_PAGE_SIZE = 10;

/** Where a row picker reads its rows and what it shows of them. */
export interface PickerSource {
  /** The CRM entity whose `page` endpoint lists the rows. */
  entity: EntityDef;
  /** The field that names a row once picked. */
  nameField: string;
  /** The dialog's columns, as spec part 3 lists them for each picker. */
  columns: string[];
  /** The fields the dialog searches by. */
  search: string[];
}

/** The six lists of the row picker (spec part 2), keyed by the spec's enterprise-type codes. */
export const PICKER_SOURCES: Record<PickerKind, PickerSource> = {
  staff: {
    ...PICKED.staff,
    columns: ['staffName', 'enterpriseId', 'birthDate', 'qualification', 'joinDate', 'dimissionDate', 'identityType'],
    search: ['staffName'],
  },
  enterprise: {
    ...PICKED.enterprise,
    columns: ['enterpriseName', 'officeNumber', 'agentName', 'agentPhone', 'entryDate', 'dueDate', 'status'],
    search: ['enterpriseName'],
  },
  project: {
    ...PICKED.project,
    columns: ['projectNo', 'projectName', 'enterpriseId', 'entrustInstitution', 'dueTime', 'amount', 'contractStatus'],
    search: ['projectNo', 'projectName'],
  },
  certificate: {
    ...PICKED.certificate,
    columns: [
      'certificateNo',
      'certificateName',
      'certificateType',
      'contestName',
      'enterpriseId',
      'certificateAuthority',
      'acquisitionDate',
    ],
    search: ['certificateNo', 'certificateName'],
  },
  qualification: {
    ...PICKED.qualification,
    columns: ['qualificationNo', 'qualificationName', 'qualificationType', 'enterpriseId', 'acquisitionDate'],
    search: ['qualificationNo', 'qualificationName'],
  },
  'intellectual-property': {
    ...PICKED['intellectual-property'],
    columns: ['patentNo', 'patentName', 'patentType', 'enterpriseId', 'grantPubDate', 'owner', 'status'],
    search: ['patentNo', 'patentName'],
  },
};

export function isPickerKind(field: string): field is PickerKind {
  return (PICKER_KINDS as readonly string[]).includes(field);
}

/** The source of a picker field; anything else is refused with 不被期望的field (spec part 8). */
export function pickerSource(field: string): PickerSource {
  if (!isPickerKind(field)) throw new Error(i18n.t('pickers:unexpectedField'));
  return PICKER_SOURCES[field];
}

/** Dates in pickers read yyyy年MM月dd日 (spec part 9); English keeps yyyy-MM-dd. */
export function pickerDate(value: unknown, lang: Lang): string {
  if (typeof value !== 'string' || value === '') return '';
  const day = dayjs(value);
  if (!day.isValid()) return value;
  return day.format(lang === 'zh' ? 'YYYY年MM月DD日' : 'YYYY-MM-DD');
}
