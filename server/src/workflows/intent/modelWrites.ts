// "have AI write a punchy weekly-roundup tweet, and post it to our X account": what a model writes for a publishing
// app is text the model returns, not a step in that app; the post said on its own is the app's step.
import { nodeCatalog } from '../catalog/nodeCatalog.ts';
import { stepLists, type Step } from '../spec.ts';
import { appKindOf } from './steps.ts';

/** "LinkedIn post idea", "Instagram caption", "a tweet": the thing written, named by the app it is for. */
function writtenFor(app: string, phrase: string): boolean {
  const name = nodeCatalog().app(app)?.name.toLowerCase();
  if (app === 'twitter' && /\btweets?\b/i.test(phrase)) return true;
  if (!name) return false;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\b${escaped}\\s+(?:posts?|captions?|threads?|updates?|copy|ad copy|bios?)\\b`, 'i').test(phrase);
}

export function modelWrites(steps: Step[]): void {
  for (const list of stepLists(steps)) {
    for (let i = list.length - 1; i >= 0; i--) {
      const s = list[i]!;
      if (s.kind !== 'app' || !writtenFor(s.app, s.phrase)) continue;
      const kind = appKindOf(s.app);
      if (kind !== 'publish' && kind !== 'message') continue;
      // Only what a model writes ("write", "suggest", "draft"), not what it reads ("translate new tweets").
      const written = list.some((x) => x.kind === 'ai' && x.task === 'write' && x.phrase === s.phrase);
      // A post said on its own names the app ("post it to our X/Twitter account"); "then publish both" re-uses the
      // steps said before, which stay.
      const name = nodeCatalog().app(s.app)?.name.toLowerCase() ?? s.app.toLowerCase();
      const postedLater = list
        .slice(i + 1)
        .some(
          (x) =>
            x.kind === 'app' &&
            x.app === s.app &&
            x.verb === 'send' &&
            (x.phrase.toLowerCase().includes(name) || (s.app === 'twitter' && /\b(?:twitter|x)\b/i.test(x.phrase))),
        );
      if (written && postedLater) list.splice(i, 1);
    }
  }
}
