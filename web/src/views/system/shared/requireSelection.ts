import { toast } from '../../../feedback.ts';
import { i18n } from '../../../i18n/index.ts';

/** Goes on with the picked rows, or says 请选择至少一条数据 when there are none. */
export function requireSelection(selected: string[], then: (ids: string[]) => void): void {
  if (selected.length === 0) toast.warning(i18n.t('crud:selectAtLeastOne'));
  else then(selected);
}
