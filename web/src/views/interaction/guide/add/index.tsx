import { guide } from '@park/catalog';
import { RecordPage } from '../../../../crud/RecordPage.tsx';

/** /interaction/guide/add: a new park guide, its rich-text body on the page. */
export default function GuideAddPage() {
  return <RecordPage entity={guide} />;
}
