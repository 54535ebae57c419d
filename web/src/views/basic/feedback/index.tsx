import { CommentOutlined } from '@ant-design/icons';
import { feedback } from '@park/catalog';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { PRIMARY_ACTION } from '../../../crud/RowActions.tsx';

// The thread and its reply box load with their first opening, not with the list.
const FeedbackThread = lazy(() => import('./FeedbackThread.tsx'));

/**
 * /basic/feedback (意见反馈): the generic list (a company account's own feedback, the park's all), each
 * row with its thread: the feedback, the replies in order, a reply box and 关闭反馈 while it is open.
 */
export default function FeedbackPage() {
  const { t } = useTranslation('interaction');
  const [open, setOpen] = useState<Row>();
  return (
    <>
      <CrudPage
        entity={feedback}
        rowActions={(row) => (
          <Button type="link" size="small" icon={<CommentOutlined />} onClick={() => setOpen(row)} {...PRIMARY_ACTION}>
            {t('thread')}
          </Button>
        )}
      />
      {open && (
        <Suspense fallback={null}>
          <FeedbackThread id={open.id} title={String(open.title ?? '')} onClose={() => setOpen(undefined)} />
        </Suspense>
      )}
    </>
  );
}
