// E-mail for the email tool: one nodemailer SMTP transport per SMTP_URL, bounded in time, errors told without secrets.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import { ToolError } from './tools/invoke.ts';

const TIMEOUT_MS = 15_000;
const transports = new Map<string, Transporter>();

function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport({
      url,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    });
    transports.set(url, transport);
  }
  return transport;
}

function senderOf(config: Pick<Config, 'SMTP_FROM' | 'PUBLIC_URL' | 'APP_NAME'>): string {
  if (config.SMTP_FROM) return config.SMTP_FROM;
  const host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : 'localhost';
  return `"${config.APP_NAME.replace(/["\\\r\n]/g, '')}" <no-reply@${host}>`;
}

/** Why a send failed, in words that name no host, user or password of the SMTP URL. */
function failure(error: unknown): ToolError {
  const e = error as { responseCode?: unknown; code?: unknown };
  if (typeof e.responseCode === 'number')
    return new ToolError(`The mail server refused the message (SMTP ${e.responseCode}).`);
  if (e.code === 'EAUTH') return new ToolError('The mail server refused the configured login.');
  return new ToolError('The mail server could not be reached; the e-mail was not sent.');
}

export type SendMail = (message: { to: string; subject: string; text: string }) => Promise<void>;

/** A sender through the operator's SMTP server, or null when SMTP_URL is not set. */
export function mailerFor(config: Pick<Config, 'SMTP_URL' | 'SMTP_FROM' | 'PUBLIC_URL' | 'APP_NAME'>): SendMail | null {
  const url = config.SMTP_URL;
  if (!url) return null;
  const from = senderOf(config);
  return async ({ to, subject, text }) => {
    try {
      await transportFor(url).sendMail({ from, to, subject, text });
    } catch (error) {
      throw failure(error);
    }
  };
}
