import { i18n } from '../i18n/index.ts';
import { formatFileSize } from '../utils/format.ts';

/** What a file may be: its kinds by extension (lower case, no dot) and its largest size in bytes. */
export interface FileLimits {
  types?: readonly string[];
  maxBytes?: number;
}

/** The extension of a file name, lower case, without the dot; '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The file chooser's filter for these kinds: `.jpg,.png`. */
export function acceptOf(types: readonly string[]): string {
  return types.map((type) => `.${type}`).join(',');
}

/** Why a file is outside the limits, in words naming them; undefined when it is within. */
export function fileProblem(file: { name: string; size: number }, { types, maxBytes }: FileLimits): string | undefined {
  if (types?.length && !types.includes(extensionOf(file.name))) {
    return i18n.t('common:upload.type', { types: types.map((type) => type.toUpperCase()).join('/') });
  }
  if (maxBytes !== undefined && file.size > maxBytes)
    return i18n.t('common:upload.size', { size: formatFileSize(maxBytes) });
  return undefined;
}
