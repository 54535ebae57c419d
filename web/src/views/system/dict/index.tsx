import { dict } from '@park/catalog';
import { DictScreen } from '../shared/DictScreen.tsx';

/** /system/dict: the system dictionaries; a dictionary's entries open in an 880 wide dialog. */
export default function DictPage() {
  return <DictScreen entity={dict} layout="dialog" />;
}
