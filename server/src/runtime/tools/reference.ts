// A small built-in reference of the n8n nodes the team builds with (the reference server has no web access).

export interface NodeReference {
  name: string;
  type: string;
  keywords: string[];
  summary: string;
  docs: string;
}

const DOCS = 'https://docs.n8n.io/integrations/builtin';

export const NODE_REFERENCE: NodeReference[] = [
  {
    name: 'Schedule Trigger',
    type: 'n8n-nodes-base.scheduleTrigger',
    keywords: [
      'schedule',
      'every',
      'daily',
      'hourly',
      'weekly',
      'cron',
      'morning',
      'day',
      'hour',
      'minute',
      'week',
      'trigger',
    ],
    summary: 'Starts the workflow at fixed intervals or times (minutes, hours, days, weeks, cron).',
    docs: `${DOCS}/core-nodes/n8n-nodes-base.scheduletrigger/`,
  },
  {
    name: 'Webhook',
    type: 'n8n-nodes-base.webhook',
    keywords: ['webhook', 'form', 'request', 'endpoint', 'incoming', 'trigger', 'api'],
    summary: 'Starts the workflow when an HTTP request reaches its production or test URL.',
    docs: `${DOCS}/core-nodes/n8n-nodes-base.webhook/`,
  },
  {
    name: 'Email Trigger (IMAP)',
    type: 'n8n-nodes-base.emailReadImap',
    keywords: ['email', 'mail', 'inbox', 'imap', 'incoming', 'trigger'],
    summary: 'Starts the workflow for each new message in an IMAP mailbox.',
    docs: `${DOCS}/core-nodes/n8n-nodes-base.emailimap/`,
  },
  {
    name: 'HTTP Request',
    type: 'n8n-nodes-base.httpRequest',
    keywords: ['http', 'api', 'rest', 'fetch', 'request', 'url', 'data', 'call'],
    summary: 'Calls any REST API; supports authentication, pagination and binary responses.',
    docs: `${DOCS}/core-nodes/n8n-nodes-base.httprequest/`,
  },
  {
    name: 'Slack',
    type: 'n8n-nodes-base.slack',
    keywords: ['slack', 'chat', 'message', 'channel', 'notify', 'post'],
    summary: 'Posts messages to channels or users, and manages channels, files and reactions.',
    docs: `${DOCS}/app-nodes/n8n-nodes-base.slack/`,
  },
  {
    name: 'Google Sheets',
    type: 'n8n-nodes-base.googleSheets',
    keywords: ['google', 'sheet', 'sheets', 'spreadsheet', 'row', 'rows', 'append', 'table'],
    summary: 'Appends, updates, reads and deletes rows; can map input fields to columns automatically.',
    docs: `${DOCS}/app-nodes/n8n-nodes-base.googlesheets/`,
  },
  {
    name: 'Send Email',
    type: 'n8n-nodes-base.emailSend',
    keywords: ['email', 'mail', 'smtp', 'send', 'notify'],
    summary: 'Sends an email through an SMTP account, as text or HTML, with attachments.',
    docs: `${DOCS}/core-nodes/n8n-nodes-base.sendemail/`,
  },
];
