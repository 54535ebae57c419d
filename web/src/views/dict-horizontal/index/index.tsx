import { dict } from '@park/catalog';
import { DictScreen } from '../../system/shared/DictScreen.tsx';

/** /dict-horizontal/index: the system dictionaries with the picked one's entries beside the list. */
export default function DictHorizontalPage() {
  return <DictScreen entity={dict} layout="horizontal" viewButton="dict_horizontal_view" />;
}
