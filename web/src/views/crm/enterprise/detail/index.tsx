import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EnterpriseDetail } from '../../shared/EnterpriseDetail.tsx';

/** /crm/enterprise/detail?id=: an enterprise opened from the list. */
export default function EnterpriseDetailPage() {
  const { t } = useTranslation('crm');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/crm/enterprise')}>
      {t('backToList')}
    </Button>
  );
  return <EnterpriseDetail key={id} id={id} extra={back} namesTab />;
}
