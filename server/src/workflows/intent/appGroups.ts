// Groups of apps and steps that several of the reader's passes ask about: what sends mail, what people message each
// other through, where files are kept, and what only prepares the text a model reads.
import type { Step } from '../spec.ts';
import type { Mentions } from './mentions.ts';

/** Apps that send (and receive) e-mail. */
export const MAIL = /^(?:emailSend|gmail|microsoftOutlook)$/;

/** Apps that send a mail the workflow writes: the mail apps and the transactional mail services. */
export const MAIL_SENDERS =
  /^(?:gmail|microsoftOutlook|emailSend|sendGrid|mailgun|mailjet|mandrill|postmark|awsSes|brevo|sendInBlue|sendy)$/;

/** Newsletter tools: they mail their own lists. */
export const NEWSLETTERS = /^(?:mailchimp|mailerLite|brevo|sendInBlue|convertKit)$/;

/** Apps people message each other through: mostly where results go, not where lists are kept. */
export const MESSAGING =
  /^(?:emailSend|gmail|microsoftOutlook|slack|microsoftTeams|discord|telegram|twilio|whatsApp|mattermost|googleChat)$/;

/** Places files are kept and fetched from. */
export const FILE_STORES =
  /^(?:googleDrive|dropbox|ftp|ssh|awsS3|s3|microsoftSharePoint|microsoftOneDrive|nextCloud|box|googleCloudStorage)$/;

/** Apps that keep rows: a list two sources are compared from, a log a later part reads back. */
export const ROW_STORES =
  /^(?:googleSheets|microsoftExcel|airtable|notion|baserow|nocoDb|seaTable|grist|coda|stackby|dataTable|postgres|mySql|microsoftSql|supabase|mongoDb|redis|snowflake|bigQuery|googleBigQuery)$/;

/** Databases a query written out in SQL runs on. */
export const SQL_DATABASES = /^(?:postgres|mySql|microsoftSql|snowflake|questDb|timescaleDb|crateDb|oracleDatabase)$/;

/** Apps a bot talks through: chat apps and the mail apps an assistant answers in. */
export const BOT_CHANNELS =
  /^(?:telegram|whatsApp|slack|discord|line|microsoftTeams|mattermost|twilio|matrix|googleChat|facebookGraphApi|gmail|microsoftOutlook)$/;

/** A step made from words outside any clause takes no app or model named in one. */
export const NO_MENTIONS: Mentions = {
  unknown: [],
  apps: [],
  models: [],
  generics: [],
  aiNouns: [],
  aiWords: [],
  nodes: [],
};

/** Whether a step only fetches or prepares what a model then reads: a model's step goes after these. */
export function feedsModel(s: Step): boolean {
  if (s.kind === 'app') return s.verb === 'read' || s.verb === 'search';
  if (s.kind === 'http') return s.method === 'GET';
  return s.kind === 'extract' || s.kind === 'limit' || s.kind === 'sort' || s.kind === 'aggregate';
}
