import { sms } from '@park/catalog';
import { ProviderPage } from '../shared/ProviderPage.tsx';

/** /resource/sms: the tenant's SMS accounts, one enabled at a time. */
export default function SmsPage() {
  return <ProviderPage entity={sms} />;
}
