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
  job: {
    pause: 'Pause',
    resume: 'Resume',
    execute: 'Run now',
    confirmPause: 'Pause the job {{key}}? It will not run on its schedule until resumed',
    confirmResume: 'Resume the job {{key}}? It will run on its schedule again',
    confirmExecute: 'Run the job {{key}} now? Its schedule stays as it is',
    paused: 'The job is paused',
    resumed: 'The job is resumed',
    nextRuns: 'Next runs: ',
    cronHelp:
      'Five parts are standard cron (minute hour day month weekday); six or seven are Quartz (second minute hour day month weekday [year]); Beijing time',
    paramsHelp: 'A JSON object, as the handler reads it',
    paramsExamples: {
      logCleanup: '{"days":90}  keeps the last 90 days of logs',
      sessionCleanup: 'No parameters',
      sendMessage:
        '{"title":"Weekly meeting","content":"At ten","roleAlias":"administrator"}  without roleAlias it goes to every user',
    },
  },
  attach: {
    download: 'Download',
  },
  oss: {
    test: 'Test connection',
    testOk: 'Connected: a test object was written, read back and deleted',
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
