import { news } from '@park/catalog';
import { useParams } from 'react-router-dom';
import { RecordPage } from '../../../../../crud/RecordPage.tsx';

/** /interaction/news/edit/:id: a news item's editing page. */
export default function NewsEditPage() {
  const { id } = useParams();
  return <RecordPage key={id} entity={news} id={id} />;
}
