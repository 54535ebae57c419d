import { news } from '@park/catalog';
import { RecordPage } from '../../../../crud/RecordPage.tsx';

/** /interaction/news/add: a new news item, its rich-text body on the page. */
export default function NewsAddPage() {
  return <RecordPage entity={news} />;
}
