// The email tool: email_user sends the run's user an e-mail through the operator's SMTP server (SMTP_URL).
import { schema, str, type ToolEnv, type ToolFunction } from './args.ts';

const MAX_SUBJECT = 200;
const MAX_BODY = 50_000;

function emailUser(send: NonNullable<ToolEnv['services']['sendEmail']>): ToolFunction {
  return {
    name: 'email_user',
    description: 'Sends the user (and only the user) an e-mail with a subject and a plain-text body.',
    parameters: schema({ subject: 'Subject line', body: 'Plain-text message' }),
    async execute(args) {
      const subject = str(args, 'subject', MAX_SUBJECT).replace(/[\r\n]+/g, ' ');
      const body = str(args, 'body', MAX_BODY);
      const sent = await send({ subject, text: body });
      return `Sent the e-mail "${subject}" to ${sent.to}.`;
    },
  };
}

/** email_user, where the deployment can send e-mail (SMTP_URL is set). */
export function emailFunctions(env: ToolEnv): ToolFunction[] {
  const send = env.services.sendEmail;
  return send ? [emailUser(send)] : [];
}
