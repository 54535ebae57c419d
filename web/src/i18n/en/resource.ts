import type { Resources } from '../types.ts';

export const resource: Resources['resource'] = {
  enable: 'Enable',
  confirmEnable: 'Enable this configuration? The others of its kind will be disabled',
  urlExample: 'e.g. jdbc:postgresql://127.0.0.1:5432/postgres',
  code: {
    ownDatabase: "This console's own database",
    copy: 'Copy',
    confirmCopy: 'Copy this configuration?',
    copied: 'Copied',
    generate: 'Generate',
    generated: 'Generated',
    packageExample: 'e.g. crm',
    apiExample: 'e.g. blade-crm/visitor',
    webExample: 'e.g. /crm/visitor',
  },
  attach: {
    download: 'Download',
  },
  sms: {
    send: 'Send test',
    sendTitle: 'Send a test message ({{code}})',
    sendOk: 'Send',
    sent: 'Sent',
    phones: 'Mobile numbers',
    phonesHelp: 'Separate several numbers with commas',
    params: 'Template parameters',
    paramsHelp:
      'A JSON object of the template’s variables, like {"code":"1234"}; Tencent Cloud takes the values in the order written',
    paramsInvalid: 'The template parameters must be a JSON object',
  },
};
