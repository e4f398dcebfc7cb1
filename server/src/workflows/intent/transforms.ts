// Data steps a clause asks for without an app: call a URL, read a file's content, write a file, keep some items,
// set fields, combine items, or custom code (written out for the user to finish).
import { conditionOf } from './words.ts';
import type { Step } from '../spec.ts';
import type { VerbClass } from './lexicon.ts';
import type { Token } from './text.ts';

/** URLs the clause calls, and files it reads or writes. */
/** "Read the attachment" of "Excel order forms as attachments", "PDF invoices attached": the format the request names. */
function attachedFormat(request: string): 'pdf' | 'csv' | 'xlsx' | 'text' {
  if (/\bpdfs?\b/.test(request)) return 'pdf';
  if (/\bcsvs?\b/.test(request)) return 'csv';
  if (
    /\b(?:xlsx|xls|excel (?:[\w-]+ ){0,2}?(?:files?|forms?|sheets?|spreadsheets?|workbooks?|attachments?))\b/.test(
      request,
    )
  )
    return 'xlsx';
  return 'text';
}

export function fileSteps(words: string, request: string, tokens: Token[]): Step[] {
  const steps: Step[] = [];
  const urls = tokens.filter((t) => t.kind === 'url');
  const phrase = tokens.map((t) => t.text).join(' ');
  for (const url of urls) {
    const before = tokens
      .slice(0, tokens.indexOf(url))
      .map((t) => t.lower)
      .join(' ');
    const post =
      // ("sends them in batches of 100 to the internal API at https://…": the address of where they go.)
      /\b(?:post|send|submit|push|forward|upload)\w*\b[^.]{0,40}\bto\b(?:\s+(?:the|our|an?|their)\s+(?:[\w-]+\s+){0,3}?(?:api|endpoint|service|server|url|webhook)\s+at)?\s*$/.test(
        `${before} `,
      ) ||
      (/\bto\s*$/.test(before) && /\b(?:send|post|push|forward)\b/.test(before));
    let host = url.text;
    try {
      host = new URL(url.text).hostname;
    } catch {
      // Kept as written.
    }
    // "POST https://…": the method written before the address. (The spec's calls are GET or POST.)
    const said = tokens[tokens.indexOf(url) - 1]?.text;
    const method = said && /^(?:POST|PUT|PATCH)$/.test(said) ? 'POST' : said === 'GET' ? 'GET' : post ? 'POST' : 'GET';
    steps.push({ kind: 'http', url: url.text, method, api: host, phrase });
  }
  const inRequest = /\b(pdf|csv|xlsx|excel file|attachment|document)s?\b/.exec(request)?.[1];
  const file =
    /\b(?:extract|parse|read|convert|process|ocr|get the text|text)\w*\b[^.]{0,40}?\b(pdfs?|csvs?|xlsx|excel files?|spreadsheet files?|json files?|html|attachments?|files?|documents?)\b/.exec(
      words,
    ) ??
    /\b(pdfs?|csvs?|xlsx)\b[^.]{0,20}\b(?:extract|parse|text|content|data)/.exec(words) ??
    (inRequest &&
    (/\b(?:extract|get|read|pull)\w*\s+(?:the\s+|its\s+|their\s+)?(?:text|content|contents|data|rows)\b/.test(words) ||
      // "pick it up, parse it", "read it and insert all rows": the file the request named.
      /\b(?:parse|parses|parsing|read|reads|open|opens|process|processes)\s+(?:it|them|each one|the file|the files|each file)\b/.test(
        words,
      ))
      ? [words, inRequest === 'document' ? 'pdf' : inRequest]
      : null);
  // "convert to CSV", "export them as an Excel file": a file made, not one read.
  const made = file?.[1] && new RegExp(String.raw`\b(?:to|into|as)\s+(?:an?\s+)?${file[1]}\b`).test(words);
  if (file?.[1] && !made && !/\b(?:upload|save|store|attach)\w*\b[^.]{0,20}\bfiles?\b/.test(words)) {
    const k = file[1].replace(/s$/, '');
    const format =
      k === 'excel file' || k === 'xlsx' || k === 'spreadsheet file'
        ? 'xlsx'
        : k === 'json file'
          ? 'json'
          : k === 'csv'
            ? 'csv'
            : k === 'html'
              ? 'html'
              : k === 'pdf' || /\bpdf\b/.test(words)
                ? 'pdf'
                : /^(?:attachment|file)$/.test(k)
                  ? attachedFormat(request)
                  : 'text';
    // "convert the page's markdown body → html": n8n's Markdown node turns one into the other.
    if (
      format === 'html' &&
      /\bmarkdown\b[^.]{0,40}?\bhtml\b|\bhtml\b[^.]{0,40}?(?:\bto\b|\binto\b|→|->)\s*markdown\b/.test(words)
    )
      steps.push({ kind: 'node', node: 'markdown', purpose: words });
    // "extract the prices from the HTML": a page's content is read by the HTML node, not as a file.
    else if (format === 'html') steps.push({ kind: 'node', node: 'html', purpose: words });
    else if (k !== 'document' || /\bpdf\b/.test(words)) steps.push({ kind: 'extract', format });
  }
  // "convert the XML to JSON", "parse the XML files": n8n's XML node.
  if (/\b(?:convert|parse|transform|turn|read)\w*\b[^.]{0,30}\bxml\b|\bxml\b[^.]{0,12}\bto json\b/.test(words)) {
    steps.push({ kind: 'node', node: 'xml', purpose: words });
    return steps;
  }
  const convert =
    /\b(?:export|convert|save|write|turn|generate|create|backup|backups|archive|dump|put|place|collect|pack|bundle)\w*\b(?:[^.]|\.(?=\w))*?\b(?:to|as|into|in)\s+(?:a\s+|an\s+|one\s+)?(?:[\w-]+\s+)?(csv|xlsx|excel|json|html)(?:\s+files?)?\b/.exec(
      words,
    ) ??
    // "send … as a CSV attachment", "email me the list as an Excel file": the items go out as that file.
    /\b(?:send|sends|sent|email|emails|emailed|mail|mails|mailed|attach|attaches|attached|deliver|delivers)\b(?:[^.]|\.(?=\w))*?\bas\s+(?:a\s+|an\s+)?(csv|xlsx|excel)(?:\s+(?:files?|attachments?|spreadsheets?|export))?\b/.exec(
      words,
    );
  // "returns … as JSON" is how an answer is written, not a file.
  const jsonFile =
    convert?.[1] !== 'json' || /\bjson files?\b|\b(?:convert|export|save|write)\w*\b[^.]*\bjson\b/.test(words);
  if (convert?.[1] && jsonFile)
    steps.push({ kind: 'convert', format: convert[1] === 'excel' ? 'xlsx' : (convert[1] as 'csv') });
  return steps;
}

/** Data steps named by the clause's verb (not apps, not AI). */
export function transformStep(words: string, cls: VerbClass | undefined, verb: string | undefined): Step | null {
  // "validate the emails", "check the phone numbers are valid": only the items whose value has the shape go on.
  const validated =
    /^(?:(?:and|then|first|also)\s+)*(?:validate\s+(?:the\s+|each\s+|every\s+|all\s+|their\s+)?(e-?mails?(?:\s+address(?:es)?)?|phone(?:\s+numbers?)?|urls?|links?)\b(?!\s+(?:with|using|via|through|in|against|matches)\b)|check\s+(?:that\s+|if\s+|whether\s+)?(?:the\s+|each\s+|every\s+|all\s+|their\s+)?(e-?mails?(?:\s+address(?:es)?)?|phone(?:\s+numbers?)?|urls?|links?)\s+(?:(?:is|are)\s+(?:valid|well-formed|correctly formatted)|for\s+validity|format)\b)/.exec(
      words,
    );
  // ("validate the email address with Mailcheck": a service checks it, not a pattern.)
  if (
    validated &&
    !/\b(?:with|using|via|through|against)\s+(?!a\s+regex|regex)/.test(
      words.slice(validated.index + validated[0].length),
    )
  ) {
    const shaped = conditionOf(
      `the ${(validated[1] ?? validated[2])!.replace(/s$/, '').replace(/addresse$/, 'address')} is valid`,
    );
    if (shaped) {
      const { end: _end, ...condition } = shaped;
      return { kind: 'filter', condition };
    }
  }
  if (/\b(?:javascript|js code|custom code|a code step|a script|code node|run code|python)\b/.test(words))
    return { kind: 'code', purpose: words };
  const keepOnly =
    /\bkeep\s+only\s+(?:the\s+)?([a-z][a-z ,]*?)(?:\s+(?:fields?|columns?))?(?=$|\s(?:and\s+(?:then|add|save|send|post|store|create|update)|then|from|of)\b)/.exec(
      words,
    );
  if (
    keepOnly?.[1] &&
    !/\b(?:those|items?|ones|rows|records|entries|events|messages|tickets|orders|posts|emails|issues|leads|stories)\b/.test(
      keepOnly[1],
    )
  ) {
    const fields = keepOnly[1]
      .split(/\s*(?:,|\band\b)\s*/)
      .map((f) => f.trim())
      .filter(Boolean)
      .slice(0, 8);
    if (fields.length) return { kind: 'set', fields };
  }
  // ("send me a summary of my unread emails", "a list of the new orders": one message about all of them.)
  if (
    /\bdigest\b|\b(?:into|in)\s+(?:one|a single)\s+(?:message|email|list|item|report|post)\b/.test(words) ||
    /(?<!\b(?:keep|keeps|have|has|maintain|maintains|store|stores)\s)\b(?:a|one|short|quick|daily|weekly|morning)\s+(?:summary|list|overview|recap|roundup|rundown)\s+of\s+(?:all\s+)?(?!the\s+(?:previous|last|past|current|prior)\s+(?:day|week|month|quarter|year)\b)(?:my|our|the|today's|yesterday's|this week's|last week's|new|unread|open)\b/.test(
      words,
    )
  )
    return { kind: 'aggregate' };
  if (
    /\b(?:remove|drop|skip|filter out|ignore)\s+(?:the\s+|any\s+)?duplicates?\b|\bdedup\w*\b|\bde-duplicat\w*\b|\b(?:remove|drop|delete|skip|filter out|ignore)\s+(?:the\s+|any\s+|all\s+)?(?:ones|rows|items|entries|records|contacts|leads|people|customers|orders|lines)\s+(?:with|that have|having|sharing)\s+(?:a\s+|the\s+)?(?:duplicate|duplicated|repeated|the same)\b/.test(
      words,
    )
  )
    return { kind: 'dedupe', seen: false };
  if (
    /\b(?:only|just)\s+(?:the\s+)?new\s+(?:ones|items|entries|rows|posts|articles)\b|\bnot (?:already|previously) (?:seen|processed|sent)\b|\b(?:already|previously) (?:seen|processed|sent|posted)\b|\bseen before\b/.test(
      words,
    )
  )
    return { kind: 'dedupe', seen: true };
  // ("the last 7 days" is a time, not seven items.)
  const top =
    /\b(?:top|first|latest|last|best)\s+(\d{1,3})\b(?!\s*(?:minutes?|hours?|days?|weeks?|months?|years?)\b)/.exec(
      words,
    );
  if (top?.[1] && /\b(?:keep|take|only|pick|select)\b/.test(words)) return { kind: 'limit', count: Number(top[1]) };
  const sort =
    /\b(?:sort|order|rank)\w*\s+(?:them\s+|it\s+|the \w+\s+)?by\s+(?:the\s+|their\s+|its\s+)?([a-z_]+)(?:\s+(asc|desc)\w*)?/.exec(
      words,
    );
  if (sort?.[1])
    return { kind: 'sort', field: sort[1], order: sort[2]?.startsWith('asc') ? 'ascending' : 'descending' };
  const counted = /\bcount\w*\s+(?:them|the|how many|all|it|items|rows|orders)\b/.exec(words);
  if (counted && cls === 'transform') {
    // "count them per assignment_group and priority": one count per value of those fields.
    const per =
      /^[\w ]*?\b(?:per|by|for each|grouped by|broken down by)\s+(?:the\s+)?([a-z_]+)(?:\s*(?:,|and|&)\s*(?:the\s+)?([a-z_]+))?/.exec(
        words.slice(counted.index + counted[0].length),
      );
    const by = [per?.[1], per?.[2]].filter(
      (f): f is string => Boolean(f) && !/^(?:day|week|month|hour|year|them|it|the|email|hand)$/.test(f!),
    );
    return by.length ? { kind: 'count', by: by.join(',') } : { kind: 'count' };
  }
  const sum =
    /\b(?:sum|total|add up)\w*\s+(?:up\s+)?(?:the\s+|their\s+|all\s+)?([a-z_]+)\b|\b(?:calculate|compute)\w*\s+(?:the\s+)?totals?\b/.exec(
      words,
    );
  // "add up the hours per client": totals said with "add up" read as a sum whatever the verb's class.
  // "pull this week's invoices from Xero, work out the total sales": a sum said beside the read, in its clause.
  if (
    sum &&
    (cls === 'transform' ||
      /\badd(?:s|ed|ing)? up\b|\b(?:work(?:s|ed|ing)? out|calculat\w*|comput\w*|figur\w* out)\s+(?:the\s+)?totals?\b/.test(
        words,
      ))
  ) {
    const by = /\b(?:per|by|for each|for every|grouped by|broken down by)\s+(?:the\s+)?([a-z_]+)\b/.exec(
      words.slice(sum.index + sum[0].length),
    )?.[1];
    return {
      kind: 'sum',
      // "the amounts" is the amount field; "the hours", "the points" are fields said in the plural.
      field:
        sum[1] && !/^(?:them|it|totals?|up)$/.test(sum[1])
          ? /^(?:hours|minutes|seconds|days|points|sales|units|credits|earnings|costs|fees)$/.test(sum[1])
            ? sum[1]
            : sum[1].replace(/s$/, '')
          : 'amount',
      ...(by && !/^(?:day|week|month|hour|year|them|it)$/.test(by) ? { by: by.replace(/s$/, '') } : {}),
    };
  }
  if (cls !== 'transform') return null;
  // "People join small groups through a Typeform": people becoming members, not items combined.
  if (
    /\b(?:people|members|users|customers|clients|students|families|volunteers|parents|players|they|someone|kids|guests)\s+(?:can\s+)?join\b/.test(
      words,
    )
  )
    return null;
  switch (verb) {
    case 'aggregate':
    case 'combine':
    case 'group':
      return { kind: 'aggregate' };
    case 'split':
      return { kind: 'splitOut', field: /\bsplit\w*\s+(?:the\s+)?([a-z_]+)/.exec(words)?.[1] ?? 'items' };
    case 'filter':
    case 'validate':
    case 'verify':
      // The condition after it ("… and if valid …") is the check.
      return null;
    case 'format':
    case 'map':
    case 'transform':
    case 'normalize':
    case 'normalise':
    case 'clean': {
      const fields = (
        /\b(?:format|map|transform|normali[sz]e|clean)\w*\s+(?:up\s+)?(?:the\s+)?([a-z ,]+)/.exec(words)?.[1] ?? ''
      )
        .split(/\s*(?:,|\band\b)\s*/)
        .map((f) => f.trim())
        .filter((f) => /^[a-z][a-z ]{0,30}$/.test(f) && !/^(?:it|them|data|fields?|the data|items?|results?)$/.test(f))
        .slice(0, 6);
      return { kind: 'set', fields };
    }
    default:
      return { kind: 'code', purpose: words };
  }
}
