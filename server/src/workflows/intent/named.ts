// n8n's own nodes named by their name ("with the Set node", "Split In Batches", "an Execute Workflow node"): people
// who already use n8n say which core node a step is. The structure of the sentence still decides conditions, routes
// and loops; a named node the sentence did not make is added where the request names it.
import type { Step, UtilityNode } from '../spec.ts';
import type { Token } from './text.ts';

export type NamedKind =
  | 'set'
  | 'code'
  | 'if'
  | 'switch'
  | 'merge'
  | 'loop'
  | 'wait'
  | 'filter'
  | 'classifier'
  | 'extractor'
  | 'sentiment'
  | 'dedupe'
  | 'aggregate'
  | 'extractFile'
  | 'convertFile'
  // n8n's core nodes for one job each, built as they are named.
  | UtilityNode;

export interface NamedNode {
  kind: NamedKind;
  from: number;
  to: number;
}

/** Names that need "node" after them are everyday words on their own ("set", "merge", "code"). */
const NAMES: Array<[RegExp, NamedKind]> = [
  [/\bsplit ?in ?batch(?:es)?\b|\bloop over items\b|\bloop node\b/, 'loop'],
  [
    /\bexecute (?:a )?(?:sub[- ]?)?workflows?\b|\bsub[- ]?workflows?\b|\bcall (?:an? |the )?n8n workflow\b|\b(?:call|calls|calling|execute|executes|executing) (?:our|my|another|the|a) (?:separate|existing|other) (?:[\w-]+ ){0,3}workflow\b|\b(?:call|calls|calling|execute|executes) (?:our|my|another) (?:[\w-]+ ){1,3}workflow\b/,
    'subworkflow',
  ],
  [/\bedit fields\b|\bset nodes?\b|\bset \(edit fields\)/, 'set'],
  [/\b(?:code|function|function item|python|javascript) nodes?\b/, 'code'],
  [/\bif[- ]nodes?\b|\bif-?else nodes?\b/, 'if'],
  [/\bswitch nodes?\b/, 'switch'],
  [/\bmerge nodes?\b/, 'merge'],
  [/\bwait nodes?\b/, 'wait'],
  [/\bfilter nodes?\b/, 'filter'],
  [/\btext classifier\b/, 'classifier'],
  [/\binformation extractor\b/, 'extractor'],
  [/\bsentiment analysis nodes?\b/, 'sentiment'],
  [/\bremove duplicates nodes?\b/, 'dedupe'],
  [/\baggregate nodes?\b/, 'aggregate'],
  [/\bsummari[sz]e nodes?\b/, 'summarize'],
  [/\bextract from file\b/, 'extractFile'],
  [/\bconvert to file\b/, 'convertFile'],
  // "extract the price using the '.price' CSS selector": the HTML node reads the page by selector.
  [/\bhtml(?: extract)? nodes?\b|\bhtml extract\b|\bcss selectors?\b|\bxpath\b/, 'html'],
  [/\bedit image\b/, 'editImage'],
  // "resize it and put the resized version in S3": the job names the node ("resized" only says what it made).
  // ("each crop and quantity", "the crops we harvested": a farm's crops, not an image cropped.)
  [
    /\b(?:resize|resizes|resizing|cropping|watermark|watermarks)\b|\bcrops?\b(?=\s+(?:it|them|the|each|every|all|to|images?|photos?|pictures?)\b)(?<!\b(?:each|every|the|a|per|our|their)\s+crops?)/,
    'editImage',
  ],
  [/\bmarkdown nodes?\b/, 'markdown'],
  // "publishes stock levels as XML …, convert it to JSON": the XML node turns one into the other.
  [
    /\bxml nodes?\b|(?<=\bxml\b[^!?\n]{0,120}?)\b(?:convert|turn|transform|parse)\w* (?:it |them |the \w+ )?(?:to|into) json\b|\bparse (?:the |it as |them as )?xml\b|\bjson\b[^.!?\n]{0,40}?\b(?:to|into|as) xml\b|\bxml (?:feed|sitemap) from\b/,
    'xml',
  ],
  [/\bdate ?(?:&|and) ?time(?: nodes?)?\b(?=.*\bnode)|\bdate ?& ?time\b|\bdatetime nodes?\b/, 'dateTime'],
  [/\bcrypto nodes?\b/, 'crypto'],
  // "gunzip it", "unzip the archive", "extract the ZIP": n8n's Compression node.
  [
    /\b(?:gunzip|unzip|decompress|uncompress|unpack)(?:s|es|ed|ing)?\b|\bextract (?:the |each |all )?(?:zip|gz|tar|archive)s?\b|\bcompression nodes?\b|\bzip (?:them|it|the files|all (?:the )?files) (?:up|together|into)\b|\bzip (?:up )?(?:my|our|the|all|each|every) (?:[\w-]+ ){0,3}(?:folders?|files|directory|directories|backups?|logs|documents|photos)\b|\bcompress(?:es|ed|ing)? (?:it|them|these|those|the [\w-]+(?: [\w-]+)?|all (?:of )?(?:the |them|those )?[\w-]*) (?:into|to|as|in) (?:an? |one |a single |single )?(?:zip|gz|gzip|tar|7z|archive)\b|\b(?:into|as|to) (?:an? |one |a single |single )?(?:zip|gzip|tar) (?:archive|file)\b|\bzip (?:them|it|the [\w-]+) (?:up|together|into)\b|\b(?:g?zip) (?:it|them)(?=\s*(?:[,.;]|and\b|then\b|$))/,
    'compression',
  ],
  // "stop the execution with the error 'invalid tenant'", "throw an error": n8n's Stop and Error node.
  [
    /\bstop (?:the )?(?:execution|workflow|run|flow) with (?:an? |the )?(?:error|message)\b|\bthrow (?:an? )?error\b|\bstop and error\b|\bfail the (?:execution|workflow|run) with\b/,
    'stopAndError',
  ],
  // "run `df -h` with Execute Command", "run the shell command …": n8n's Execute Command node (self-hosted).
  [
    /\bexecute command(?: nodes?)?\b|\b(?:run|runs|execute) (?:the |a )?(?:shell|bash|terminal) (?:command|script)s?\b|\b(?:run|runs|execute)\b(?:[^.!?\n]|\.(?=\S)){1,80}?\bon (?:my|our|the) (?:home |local |own |linux |ubuntu |n8n |docker )?(?:server|box|machine|host|vps|pi|raspberry pi|nas)\b|\b(?:run|runs|execute|with|using|via) (?:sudo )?(?:(?:kubectl|pg_dump|pg_restore|mysqldump|docker-compose|systemctl|rsync|journalctl|certbot|crontab) |(?:rm|ls|df|du|docker|tar|gzip|scp|cp|mv|find|bash|sh|python3?|curl|wget|helm|terraform|ansible|tail|cat|grep) (?:-\w|\/|~\/|\.\/|[\w.-]+\.(?:sh|py|js|log|sql|dump|tar|gz|zip)\b))/,
    'executeCommand',
  ],
  // "read `/var/log/app/*.log` from the n8n server disk": n8n's Read/Write Files from Disk node.
  [
    /\b(?:read|reads|load|loads|pick up|picks up|take|takes|grab|grabs)\s+(?:the\s+|all\s+)?(?:files?\s+|logs?\s+)?(?:at\s+|in\s+)?`?\/[\w.*/<>-]+`?\s+(?:from|on|off)\s+(?:the\s+|our\s+|my\s+)?(?:[\w-]+\s+){0,2}?(?:disk|server|host|filesystem|file system|machine|box)\b|\bread\/write files? from disk\b|\bread (?:files? )?from disk\b/,
    'readFiles',
  ],
  // "hash their emails with SHA-256": the Crypto node.
  [
    /\bhash(?:es|ed|ing)? (?:the |their |its |each |all )?(?:[\w-]+ ){0,2}(?:with|using|as) (?:sha-?256|sha-?1|sha-?512|md5)\b|\b(?:sha-?256|md5) hash(?:es|ed)?\b/,
    'crypto',
  ],
];

/** The core nodes a request names, in the order it names them, each with the tokens of its name. */
export function findNamedNodes(tokens: Token[]): NamedNode[] {
  // The tokens as one lower-case line ("date & time", "sub-workflow"), with where each token starts in it.
  let line = '';
  const starts: number[] = [];
  for (const t of tokens) {
    if (line && !t.joined) line += ' ';
    starts.push(line.length);
    line += t.lower;
  }
  const found: NamedNode[] = [];
  for (const [re, kind] of NAMES) {
    for (const m of line.matchAll(new RegExp(re.source, 'g'))) {
      const end = m.index + m[0].length;
      const from = starts.findIndex((s) => s >= m.index);
      let to = from;
      while (to < tokens.length && starts[to]! < end) to++;
      if (from >= 0 && to > from && !found.some((f) => f.from < to && from < f.to)) found.push({ kind, from, to });
    }
  }
  return found.sort((a, b) => a.from - b.from);
}

/** The step a named node makes on its own, for nodes the clause's verb does not decide (null: structure decides). */
export function namedStep(kind: NamedKind, purpose: string): Step | null {
  switch (kind) {
    case 'set':
      return { kind: 'set', fields: [] };
    case 'code':
      return { kind: 'code', purpose };
    case 'dedupe':
      return { kind: 'dedupe', seen: false };
    case 'aggregate':
      return { kind: 'aggregate' };
    case 'extractFile':
      return {
        kind: 'extract',
        format: /\bcsv\b/i.test(purpose) ? 'csv' : /\bxlsx|excel\b/i.test(purpose) ? 'xlsx' : 'pdf',
      };
    case 'convertFile':
      return { kind: 'convert', format: /\bxlsx|excel\b/i.test(purpose) ? 'xlsx' : 'csv' };
    case 'subworkflow':
    case 'html':
    case 'editImage':
    case 'markdown':
    case 'xml':
    case 'dateTime':
    case 'crypto':
    case 'compression':
    case 'stopAndError':
    case 'executeCommand':
    case 'readFiles':
    case 'summarize':
      return { kind: 'node', node: kind, purpose };
    default:
      return null;
  }
}

/** Whether a step builds the node a name asks for. */
export function buildsNamed(step: Step, kind: NamedKind): boolean {
  switch (kind) {
    case 'loop':
      return step.kind === 'loop';
    case 'if':
      return step.kind === 'if' || step.kind === 'filter';
    case 'switch':
      return step.kind === 'switch' || (step.kind === 'ai' && Boolean(step.routes?.length));
    case 'merge':
      return step.kind === 'parallel' ? step.merge : step.kind === 'if' && Boolean((step as { join?: boolean }).join);
    case 'classifier':
      return step.kind === 'ai' && step.task === 'classify';
    case 'extractor':
      return step.kind === 'ai' && step.task === 'extract';
    case 'sentiment':
      return step.kind === 'ai' && step.task === 'sentiment';
    case 'extractFile':
      return step.kind === 'extract';
    case 'convertFile':
      return step.kind === 'convert';
    default: {
      const made = namedStep(kind, '');
      return Boolean(
        made && made.kind === step.kind && (made.kind !== 'node' || (step.kind === 'node' && step.node === made.node)),
      );
    }
  }
}
