// The file tool: read_file, list_files and save_file over the run's attachments and the files the team saves in it.
import type { RunFile } from '../types.ts';
import { schema, str, type ToolEnv, type ToolFunction } from './args.ts';
import { ToolError } from './invoke.ts';

const MAX_READ_CHARS = 20_000;
/** A saved file is text the team wrote; 1 MB is far beyond any report and bounds what a run can store. */
const MAX_SAVED_BYTES = 1_000_000;
/** Files one run may save. */
const MAX_SAVED_FILES = 20;
const NAME = /^[^/\\\p{Cc}]{1,255}$/u;

const CONTENT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  xml: 'application/xml',
  yaml: 'application/x-yaml',
  yml: 'application/x-yaml',
  html: 'text/html',
  js: 'text/javascript',
  ts: 'text/plain',
  py: 'text/x-python',
  log: 'text/plain',
};

const contentTypeOf = (name: string) =>
  `${CONTENT_TYPES[/\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? 'txt'] ?? 'text/plain'}; charset=utf-8`;

function findFile(files: RunFile[], name: string): RunFile {
  const file = files.find((f) => f.name === name) ?? files.find((f) => f.name.toLowerCase() === name.toLowerCase());
  if (!file)
    throw new ToolError(
      `No file of this run is named "${name}". Files: ${files.map((f) => f.name).join(', ') || 'none'}.`,
    );
  return file;
}

function readFile(env: ToolEnv): ToolFunction {
  return {
    name: 'read_file',
    description: 'Reads a text file of this chat run: one the user attached, or one the team saved with save_file.',
    parameters: schema({ file_name: 'Name of the file (see list_files)' }),
    async execute(args) {
      const file = findFile(env.files, str(args, 'file_name', 255));
      if (file.text === null) return `${file.name} (${file.contentType}, ${file.size} bytes) is not a text file.`;
      return file.text.length > MAX_READ_CHARS
        ? `${file.text.slice(0, MAX_READ_CHARS)}\n…(${file.text.length - MAX_READ_CHARS} more characters)`
        : file.text;
    },
  };
}

function listFiles(env: ToolEnv): ToolFunction {
  return {
    name: 'list_files',
    description: 'Lists the files of this chat run: the attachments and the files the team saved.',
    parameters: { type: 'object', properties: {}, required: [] },
    async execute() {
      if (!env.files.length) return 'No files: nothing was attached to this message and nothing has been saved yet.';
      return env.files
        .map((f) => `- ${f.name} (${f.contentType}, ${f.size} bytes, ${f.saved ? 'saved in this run' : 'attached'})`)
        .join('\n');
    },
  };
}

function saveFile(env: ToolEnv, save: NonNullable<ToolEnv['services']['saveFile']>): ToolFunction {
  return {
    name: 'save_file',
    description:
      'Saves a text file for the user (at most 1 MB), attached to the reply. Saving the same name again saves a new version.',
    parameters: schema({ file_name: 'File name with extension, e.g. report.md', content: 'The text to save' }),
    async execute(args) {
      const name = str(args, 'file_name', 255);
      if (!NAME.test(name) || name === '.' || name === '..')
        throw new ToolError('The file name must be a plain name (no folders or control characters).');
      if (typeof args.content !== 'string') throw new ToolError('The argument "content" must be a string.');
      const bytes = Buffer.from(args.content, 'utf8');
      if (bytes.length > MAX_SAVED_BYTES) throw new ToolError(`The file is larger than ${MAX_SAVED_BYTES} bytes.`);
      const earlier = env.files.findIndex((f) => f.saved && f.name === name);
      if (earlier < 0 && env.files.filter((f) => f.saved).length >= MAX_SAVED_FILES)
        throw new ToolError(`A run can save at most ${MAX_SAVED_FILES} files.`);
      const contentType = contentTypeOf(name);
      const stored = await save({ name, contentType, bytes });
      const file: RunFile = {
        id: stored.id,
        name,
        contentType,
        size: bytes.length,
        text: args.content,
        saved: true,
        url: stored.url,
      };
      if (earlier >= 0) env.files.splice(earlier, 1, file);
      else env.files.push(file);
      return `${JSON.stringify({ file_id: stored.id, file_name: name, size: bytes.length, download_url: stored.url })}\n\nSaved ${name} (${bytes.length} bytes); it is attached to the reply.`;
    },
  };
}

/** The file functions: reading and listing always, saving where the deployment stores files for the run's user. */
export function fileFunctions(env: ToolEnv): ToolFunction[] {
  const save = env.services.saveFile;
  return [readFile(env), listFiles(env), ...(save ? [saveFile(env, save)] : [])];
}
