import type { EntityDef } from '@park/catalog';
import type { VersionRow } from '../VersionHistory.tsx';
import type { DesignerKinds } from './palette.ts';

/** A designed form as its detail answers it: the main version's schema as JSON text, and that version's number. */
export interface DesignedForm {
  id: string;
  name: string;
  /** A workflow form's key (a questionnaire's form has none). */
  formKey?: string;
  content?: string | null;
  version?: number | null;
}

/** One saved version of a designed form, its schema as JSON text. */
export interface DesignedVersion extends VersionRow {
  content: string;
}

/**
 * A module's designed forms (表单设计's, 问卷表单's): the entity whose list they are, the designer's kinds, the
 * calls of a form and of its versions, and the paths of the list and of a form's history. The designer, the history
 * screen and the list's actions take it (FormDesignDrawer, FormHistoryScreen, DesignedFormsPage).
 */
export interface DesignedForms<F extends DesignedForm = DesignedForm> {
  entity: EntityDef;
  kinds: DesignerKinds;
  detail: (id: string) => Promise<F>;
  /** Saves a schema (JSON text) as the form's next version, which becomes the main one; answers its number. */
  saveVersion: (form: F, content: string) => Promise<number>;
  /** Every saved version of a form, newest first. */
  versions: (formId: string) => Promise<DesignedVersion[]>;
  setMainVersion: (versionId: string) => Promise<unknown>;
  listPath: string;
  historyPath: (formId: string) => string;
}
