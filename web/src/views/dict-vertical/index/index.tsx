import { dict } from '@park/catalog';
import { DictScreen } from '../../system/shared/DictScreen.tsx';

/** /dict-vertical/index: the system dictionaries with the picked one's entries below the list. */
export default function DictVerticalPage() {
  return <DictScreen entity={dict} layout="vertical" viewButton="dict_vertical_view" />;
}
