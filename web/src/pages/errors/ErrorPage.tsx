import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

const SUBTITLE = { 403: 'errors:forbidden', 404: 'errors:notFound', 500: 'errors:serverError' } as const;

/** `/403`, `/404`, `/500`. */
export default function ErrorPage({ status }: { status: keyof typeof SUBTITLE }) {
  const { t } = useTranslation(['common', 'errors']);
  const navigate = useNavigate();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Result
        status={status}
        title={status}
        subTitle={t(SUBTITLE[status])}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('backHome')}
          </Button>
        }
      />
    </Flex>
  );
}
