// Gives a run the files attached to the message: text files with their content, others by name only.
import type { AppContext } from '../context.ts';
import type { OwnedFile } from '../teams/sessions.ts';
import type { RunFile } from './types.ts';

/** Enough of a file for the team to work with, without holding megabytes per run. */
const MAX_TEXT_CHARS = 100_000;
const TEXT_NAME = /\.(?:txt|md|markdown|csv|tsv|json|ya?ml|xml|html?|log|ini|toml)$/i;

function isText(file: OwnedFile): boolean {
  return (
    file.contentType.startsWith('text/') ||
    /^application\/(?:json|xml|x-yaml)/.test(file.contentType) ||
    TEXT_NAME.test(file.originalFilename)
  );
}

export async function loadRunFiles(ctx: AppContext, files: OwnedFile[]): Promise<RunFile[]> {
  return Promise.all(
    files.map(async (file) => {
      let text: string | null = null;
      if (isText(file)) {
        const bytes = await ctx.storage.get(file.storageKey);
        const decoded = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, MAX_TEXT_CHARS * 4));
        text = decoded.includes('\u0000') ? null : decoded.slice(0, MAX_TEXT_CHARS);
      }
      return { id: file.id, name: file.originalFilename, contentType: file.contentType, size: file.size, text };
    }),
  );
}
