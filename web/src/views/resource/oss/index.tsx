import { oss } from '@park/catalog';
import { ProviderPage } from '../shared/ProviderPage.tsx';

/** /resource/oss: the tenant's object storage accounts, one enabled at a time. */
export default function OssPage() {
  return <ProviderPage entity={oss} />;
}
