// The apps a request may name: how to spot them in text and what to ask n8n's node search for. Which node, version,
// operations and parameters an app gets comes from n8n's node definitions (node knowledge), not from this list.

export interface Service {
  key: string;
  /** Display name used in node names and the reply. */
  name: string;
  /** Matches the app's name in lower-cased request text. */
  pattern: RegExp;
  /** Query for the node search, and the node name the search result must carry (n8n-nodes-base.<node>). */
  query: string;
  node: string;
  /** Resource words preferred for the app's actions, first match wins (compared with the node's resource options). */
  resources?: string[];
  /** What the app's items are called, for the trigger event and names ("ticket", "order"). */
  noun?: string;
  /** A database-like app: writes insert rows. */
  table?: boolean;
}

const s = (key: string, name: string, pattern: RegExp, node: string, extra: Partial<Service> = {}): Service => ({
  key,
  name,
  pattern,
  query: name.toLowerCase(),
  node,
  ...extra,
});

export const SERVICES: Service[] = [
  s('slack', 'Slack', /\bslack\b/, 'slack', { resources: ['message'], noun: 'message' }),
  s('gmail', 'Gmail', /\bgmail\b|\bgoogle mail\b/, 'gmail', { resources: ['message'], noun: 'email' }),
  s('googleSheets', 'Google Sheets', /\bgoogle\s*sheets?\b|\bspreadsheets?\b|\bsheets?\b/, 'googleSheets', {
    resources: ['sheet'],
    noun: 'row',
    table: true,
  }),
  s('googleCalendar', 'Google Calendar', /\bgoogle\s*calendar\b|\bcalendar\b/, 'googleCalendar', {
    resources: ['event'],
    noun: 'event',
  }),
  s('googleDrive', 'Google Drive', /\bgoogle\s*drive\b|\bdrive folder\b/, 'googleDrive', {
    resources: ['file'],
    noun: 'file',
  }),
  s('googleDocs', 'Google Docs', /\bgoogle\s*docs?\b/, 'googleDocs', { resources: ['document'], noun: 'document' }),
  s('github', 'GitHub', /\bgithub\b/, 'github', { resources: ['issue'], noun: 'issue' }),
  s('gitlab', 'GitLab', /\bgitlab\b/, 'gitlab', { resources: ['issue'], noun: 'issue' }),
  s('postgres', 'Postgres', /\bpostgres(?:ql)?\b/, 'postgres', { noun: 'row', table: true }),
  s('mySql', 'MySQL', /\bmysql\b/, 'mySql', { noun: 'row', table: true }),
  s('mongoDb', 'MongoDB', /\bmongo(?:db)?\b/, 'mongoDb', { noun: 'document', table: true }),
  s('notion', 'Notion', /\bnotion\b/, 'notion', { resources: ['databasePage', 'page'], noun: 'page' }),
  s('airtable', 'Airtable', /\bairtable\b/, 'airtable', { resources: ['record'], noun: 'record', table: true }),
  s('telegram', 'Telegram', /\btelegram\b/, 'telegram', { resources: ['message'], noun: 'message' }),
  s('discord', 'Discord', /\bdiscord\b/, 'discord', { resources: ['message'], noun: 'message' }),
  s('hubspot', 'HubSpot', /\bhub\s?spot\b/, 'hubspot', { resources: ['contact', 'deal'], noun: 'contact' }),
  s('openWeatherMap', 'OpenWeatherMap', /\bopen\s?weather\s?map\b|\bweather\b/, 'openWeatherMap', { noun: 'forecast' }),
  s('typeform', 'Typeform', /\btypeform\b/, 'typeform', { noun: 'response' }),
  s('stripe', 'Stripe', /\bstripe\b/, 'stripe', { resources: ['customer'], noun: 'payment' }),
  s('zendesk', 'Zendesk', /\bzendesk\b/, 'zendesk', { resources: ['ticket'], noun: 'ticket' }),
  s('jira', 'Jira', /\bjira\b/, 'jira', { resources: ['issue'], noun: 'issue' }),
  s('trello', 'Trello', /\btrello\b/, 'trello', { resources: ['card'], noun: 'card' }),
  s('asana', 'Asana', /\basana\b/, 'asana', { resources: ['task'], noun: 'task' }),
  s('clickUp', 'ClickUp', /\bclick\s?up\b/, 'clickUp', { resources: ['task'], noun: 'task' }),
  s('todoist', 'Todoist', /\btodoist\b/, 'todoist', { resources: ['task'], noun: 'task' }),
  s('shopify', 'Shopify', /\bshopify\b/, 'shopify', { resources: ['order'], noun: 'order' }),
  s('wooCommerce', 'WooCommerce', /\bwoo\s?commerce\b/, 'wooCommerce', { resources: ['order'], noun: 'order' }),
  s('salesforce', 'Salesforce', /\bsalesforce\b/, 'salesforce', { resources: ['lead', 'contact'], noun: 'lead' }),
  s('pipedrive', 'Pipedrive', /\bpipedrive\b/, 'pipedrive', { resources: ['deal'], noun: 'deal' }),
  s('mailchimp', 'Mailchimp', /\bmailchimp\b/, 'mailchimp', { resources: ['member'], noun: 'subscriber' }),
  s('twilio', 'Twilio', /\btwilio\b|\bsms\b|\btext message\b/, 'twilio', { resources: ['sms'], noun: 'message' }),
  s('microsoftTeams', 'Microsoft Teams', /\bms teams\b|\bmicrosoft teams\b|\bteams channel\b/, 'microsoftTeams', {
    resources: ['channelMessage'],
    noun: 'message',
  }),
  s('microsoftOutlook', 'Microsoft Outlook', /\boutlook\b/, 'microsoftOutlook', {
    resources: ['message'],
    noun: 'email',
  }),
  s('dropbox', 'Dropbox', /\bdropbox\b/, 'dropbox', { resources: ['file'], noun: 'file' }),
  s('rssFeedRead', 'RSS Read', /\brss\b|\bfeed\b/, 'rssFeedRead', { noun: 'item' }),
  s('whatsApp', 'WhatsApp', /\bwhats\s?app\b/, 'whatsApp', { resources: ['message'], noun: 'message' }),
  s('intercom', 'Intercom', /\bintercom\b/, 'intercom', { resources: ['user'], noun: 'conversation' }),
  s('freshdesk', 'Freshdesk', /\bfreshdesk\b/, 'freshdesk', { resources: ['ticket'], noun: 'ticket' }),
  s('redis', 'Redis', /\bredis\b/, 'redis', { noun: 'key' }),
  s('supabase', 'Supabase', /\bsupabase\b/, 'supabase', { resources: ['row'], noun: 'row', table: true }),
  s('linear', 'Linear', /\blinear\b(?=[^.]*\b(?:issue|ticket|task)s?\b)/, 'linear', {
    resources: ['issue'],
    noun: 'issue',
  }),
  s('calendly', 'Calendly', /\bcalendly\b/, 'calendly', { noun: 'booking' }),
  s('mattermost', 'Mattermost', /\bmattermost\b/, 'mattermost', { resources: ['message'], noun: 'message' }),
  s('x', 'X (Formerly Twitter)', /\btwitter\b|\btweets?\b/, 'twitter', { resources: ['tweet'], noun: 'tweet' }),
  s('n8n', 'n8n', /\bn8n (?:workflows?|instance|executions?)\b/, 'n8n', { resources: ['workflow'], noun: 'workflow' }),
  s('webflow', 'Webflow', /\bwebflow\b/, 'webflow', { resources: ['item'], noun: 'form submission' }),
  s('jotform', 'Jotform', /\bjotform\b/, 'jotForm', { noun: 'submission' }),
  s('wordpress', 'Wordpress', /\bword\s?press\b/, 'wordpress', { resources: ['post'], noun: 'post' }),
  s('youtube', 'YouTube', /\byoutube\b/, 'youTube', { resources: ['video'], noun: 'video' }),
  s('reddit', 'Reddit', /\breddit\b/, 'reddit', { resources: ['post'], noun: 'post' }),
  s('zoom', 'Zoom', /\bzoom\b/, 'zoom', { resources: ['meeting'], noun: 'meeting' }),
  s('microsoftOneDrive', 'Microsoft OneDrive', /\bone\s?drive\b/, 'microsoftOneDrive', {
    resources: ['file'],
    noun: 'file',
  }),
  s('microsoftExcel', 'Microsoft Excel 365', /\bexcel 365\b|\bmicrosoft excel\b|\bexcel online\b/, 'microsoftExcel', {
    resources: ['table'],
    noun: 'row',
    table: true,
  }),
  s('awsS3', 'AWS S3', /\bs3\b|\bamazon s3\b|\baws s3\b/, 'awsS3', { resources: ['file'], noun: 'file' }),
  s('sendGrid', 'SendGrid', /\bsend\s?grid\b/, 'sendGrid', { resources: ['mail'], noun: 'email' }),
  s('mailgun', 'Mailgun', /\bmailgun\b/, 'mailgun', { noun: 'email' }),
  s('activeCampaign', 'ActiveCampaign', /\bactive\s?campaign\b/, 'activeCampaign', {
    resources: ['contact'],
    noun: 'contact',
  }),
  s('convertKit', 'ConvertKit', /\bconvert\s?kit\b/, 'convertKit', { resources: ['form'], noun: 'subscriber' }),
  s('zohoCrm', 'Zoho CRM', /\bzoho\b/, 'zohoCrm', { resources: ['lead'], noun: 'lead' }),
  s('mondayCom', 'Monday.com', /\bmonday\.com\b|\bmonday board\b/, 'mondayCom', {
    resources: ['boardItem'],
    noun: 'item',
  }),
  s('quickbooks', 'QuickBooks Online', /\bquick\s?books\b/, 'quickbooks', { resources: ['invoice'], noun: 'invoice' }),
  s('xero', 'Xero', /\bxero\b/, 'xero', { resources: ['invoice'], noun: 'invoice' }),
  s('payPal', 'PayPal', /\bpay\s?pal\b/, 'payPal', { resources: ['payout'], noun: 'payment' }),
  s('sentryIo', 'Sentry.io', /\bsentry\b/, 'sentryIo', { resources: ['issue'], noun: 'issue' }),
  s('pagerDuty', 'PagerDuty', /\bpager\s?duty\b/, 'pagerDuty', { resources: ['incident'], noun: 'incident' }),
  s('bitbucket', 'Bitbucket', /\bbitbucket\b/, 'bitbucket', { noun: 'push' }),
  s('coda', 'Coda', /\bcoda\b/, 'coda', { resources: ['table'], noun: 'row', table: true }),
  s('baserow', 'Baserow', /\bbaserow\b/, 'baserow', { noun: 'row', table: true }),
  s('nocoDb', 'NocoDB', /\bnocodb\b/, 'nocoDb', { noun: 'row', table: true }),
  s('elasticsearch', 'Elasticsearch', /\belastic\s?search\b/, 'elasticsearch', {
    resources: ['document'],
    noun: 'document',
    table: true,
  }),
  s('googleBigQuery', 'Google BigQuery', /\bbig\s?query\b/, 'googleBigQuery', { noun: 'row', table: true }),
  s('snowflake', 'Snowflake', /\bsnowflake\b/, 'snowflake', { noun: 'row', table: true }),
  s('microsoftSql', 'Microsoft SQL', /\bsql server\b|\bmssql\b/, 'microsoftSql', { noun: 'row', table: true }),
  s('googleTasks', 'Google Tasks', /\bgoogle tasks?\b/, 'googleTasks', { resources: ['task'], noun: 'task' }),
  s('googleContacts', 'Google Contacts', /\bgoogle contacts?\b/, 'googleContacts', {
    resources: ['contact'],
    noun: 'contact',
  }),
  s('googleSlides', 'Google Slides', /\bgoogle slides?\b/, 'googleSlides', { noun: 'presentation' }),
  s('googleTranslate', 'Google Translate', /\bgoogle translate\b/, 'googleTranslate', { noun: 'translation' }),
  s('deepL', 'DeepL', /\bdeepl\b/, 'deepL', { noun: 'translation' }),
  s('hackerNews', 'Hacker News', /\bhacker\s?news\b|\bhn stories\b/, 'hackerNews', {
    resources: ['all'],
    noun: 'story',
  }),
  s('clearbit', 'Clearbit', /\bclearbit\b/, 'clearbit', { resources: ['person', 'company'], noun: 'profile' }),
  s('eventbrite', 'Eventbrite', /\beventbrite\b/, 'eventbrite', { noun: 'attendee' }),
  s('surveyMonkey', 'SurveyMonkey', /\bsurvey\s?monkey\b/, 'surveyMonkey', { noun: 'response' }),
  s('line', 'Line', /\bline messag/, 'line', { noun: 'message' }),
  s('matrix', 'Matrix', /\bmatrix\b/, 'matrix', { resources: ['message'], noun: 'message' }),
  s('rocketchat', 'RocketChat', /\brocket\.?chat\b/, 'rocketchat', { noun: 'message' }),
  s('strava', 'Strava', /\bstrava\b/, 'strava', { resources: ['activity'], noun: 'activity' }),
  s('spotify', 'Spotify', /\bspotify\b/, 'spotify', { resources: ['playlist'], noun: 'track' }),
  s('harvest', 'Harvest', /\bharvest\b/, 'harvest', { resources: ['timeEntry'], noun: 'time entry' }),
  s('toggl', 'Toggl', /\btoggl\b/, 'toggl', { noun: 'time entry' }),
  s('box', 'Box', /\bbox\.com\b|\bbox folder\b/, 'box', { resources: ['file'], noun: 'file' }),
  s('nextCloud', 'Nextcloud', /\bnext\s?cloud\b/, 'nextCloud', { resources: ['file'], noun: 'file' }),
  s('facebookGraphApi', 'Facebook Graph API', /\bfacebook\b|\binstagram\b/, 'facebookGraphApi', { noun: 'post' }),
  s('linkedIn', 'LinkedIn', /\blinkedin\b/, 'linkedIn', { resources: ['post'], noun: 'post' }),
];

/** Email sending without a named provider goes through SMTP (n8n's Send Email node). */
export const SMTP: Service = s('emailSend', 'Send Email', /\bsmtp\b/, 'emailSend', { noun: 'email' });

export function serviceByKey(key: string): Service | undefined {
  return key === SMTP.key ? SMTP : SERVICES.find((x) => x.key === key);
}

/** Services named in a text, in the order they appear. */
export function servicesIn(text: string): Array<{ service: Service; at: number }> {
  const found: Array<{ service: Service; at: number }> = [];
  for (const service of [...SERVICES, SMTP]) {
    const at = text.search(service.pattern);
    if (at >= 0) found.push({ service, at });
  }
  return found.sort((a, b) => a.at - b.at);
}
