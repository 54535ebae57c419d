/**
 * The SMS account the end-to-end fake provider (fake-sms.ts) knows: a configuration with this access
 * key and secret sends; any other is refused as the real provider would refuse it.
 */
export const E2E_SMS_ACCOUNT = { accessKey: 'e2e-sms-ak', secretKey: 'e2e-sms-secret' } as const;
