// What an app is for, when a request names it without a verb ("with Telegram alerts", "to Google Sheets", "via Bright
// Data"): sending, keeping data, or fetching it. Read from the catalogue's operations, with a few known apps listed.
import type { CatalogApp } from './nodeCatalog.ts';
import type { Verb } from '../spec.ts';

const MESSAGING = new Set(
  'slack telegram discord whatsApp microsoftTeams mattermost twilio matrix googleChat rocketchat zulip line pushover pushbullet gotify signl4 vonage messageBird plivo mocean msg91 sms77 emailSend gmail microsoftOutlook sendGrid mailgun mailjet mandrill awsSes postmark sendy sendInBlue mailchimp mailerLite convertKit brevo ntfy webex twist twake spontit pushcut'.split(
    ' ',
  ),
);
const PUBLISH = new Set(
  'linkedIn twitter facebookGraphApi reddit wordpress medium ghost youTube discourse strapi storyblok'.split(' '),
);
const STORE = new Set(
  'googleSheets airtable notion postgres mySql mongoDb supabase baserow nocoDb microsoftExcel googleDrive dropbox awsS3 googleDocs redis dataTable microsoftSql snowflake googleBigQuery elasticsearch coda seaTable stackby quickBase grist microsoftOneDrive box nextCloud googleCloudStorage s3 ftp questDb timescaleDb crateDb oracleDatabase googleSlides microsoftSharePoint googleFirebaseCloudFirestore googleFirebaseRealtimeDatabase azureCosmosDb azureStorage mondayCom clickUp asana trello todoist jira linear hubspot salesforce pipedrive zohoCrm'.split(
    ' ',
  ),
);
const FETCH = new Set(
  'rssFeedRead hackerNews openWeatherMap brightData apify firecrawl airtop dumplingAi tavily exa scrapingBee serpApi coinGecko nasa googleAnalytics googleBooks marketstack peekalink uproc clearbit hunter dropcontact brandfetch jinaAi perplexity youTube reddit'.split(
    ' ',
  ),
);

/** Apps that publish no webhooks of their own (feeds, Reddit, YouTube): what is new in them is found by polling. */
export function isFeed(app: CatalogApp): boolean {
  return FETCH.has(app.key);
}

export type AppKind = 'message' | 'publish' | 'store' | 'fetch' | 'other';

export function appKind(app: CatalogApp): AppKind {
  if (MESSAGING.has(app.key)) return 'message';
  if (PUBLISH.has(app.key)) return 'publish';
  if (FETCH.has(app.key) || /scrap|crawl|search|extract data|web data/i.test(app.description)) return 'fetch';
  if (STORE.has(app.key) || /database|spreadsheet|storage|table/i.test(app.description)) return 'store';
  return 'other';
}

/** The verb an app gets when the request names it with no verb of its own. */
export function defaultVerb(app: CatalogApp): Verb {
  switch (appKind(app)) {
    case 'message':
    case 'publish':
      return 'send';
    case 'store':
      return 'create';
    case 'fetch':
      return 'read';
    case 'other':
      return app.operations.some((o) => /^(?:create|send|post|add|upload|append|insert)/i.test(o.operation))
        ? 'create'
        : 'read';
  }
}
