import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageSpin } from '../../components/PageSpin.tsx';
import { isEmbedded } from '../../router/menuRoutes.ts';
import { useMenuTree } from '../../router/useMenuTree.ts';
import { menuLeaves } from '../../shell/menuSearch.ts';

/**
 * /myiframe/:routerPath: a menu's web address or html page inside the console. Only paths of the
 * user's own menus are embedded, so a crafted link cannot frame an arbitrary site in the console.
 */
export default function IframePage() {
  const { t } = useTranslation('shell');
  const { routerPath = '' } = useParams();
  const { menus, tree } = useMenuTree();
  if (menus.isPending) return <PageSpin />;
  const allowed = isEmbedded(routerPath) && menuLeaves(tree).some((leaf) => leaf.path === routerPath);
  if (!allowed) {
    return (
      <Card>
        <Result status="warning" title={t('iframeMissing')} subTitle={routerPath} />
      </Card>
    );
  }
  return (
    <iframe
      title={routerPath}
      src={routerPath}
      style={{ width: '100%', height: 'calc(100vh - 150px)', border: 0, background: '#fff' }}
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
    />
  );
}
