import { dictBiz } from '@park/catalog';
import { DictScreen } from '../shared/DictScreen.tsx';

/** /system/dictbiz: the tenant's business dictionaries; a dictionary's entries open in an 880 wide dialog. */
export default function DictBizPage() {
  return <DictScreen entity={dictBiz} layout="dialog" />;
}
