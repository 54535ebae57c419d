import { startFakeSmsProvider } from '../../server/test/fake-sms-provider.ts';
import { E2E_SMS_ACCOUNT } from './sms.ts';

/**
 * The end-to-end run's SMS provider: the server tests' fake (it checks each provider's signature)
 * on E2E_SMS_PORT, which the suite's server reaches through SMS_ENDPOINT_OVERRIDE. Playwright
 * stops it with SIGTERM at the end.
 */
const port = Number(process.env.E2E_SMS_PORT);
const fake = await startFakeSmsProvider({ [E2E_SMS_ACCOUNT.accessKey]: E2E_SMS_ACCOUNT.secretKey }, port);
console.log(`fake SMS provider at ${fake.url}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => void fake.close().then(() => process.exit(0)));
}
