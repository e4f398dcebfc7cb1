// The language a message is written in is read by a model: no field of the item holds it. "When someone writes in a
// language other than English, reply with a translation" keeps those messages after an Information Extractor that
// names the language; "English goes to the English list, German to the German list" routes by it (auditAi's
// classifier takes a Switch on `language`).
import { walkSteps, type Step } from '../spec.ts';
import { aiStep, type ReadContext } from './steps.ts';
import { feedsModel, NO_MENTIONS } from './appGroups.ts';

const LANGUAGES =
  'english|spanish|german|french|portuguese|italian|dutch|polish|swedish|danish|norwegian|finnish|japanese|chinese|korean|arabic|hindi|russian|turkish|ukrainian|czech|greek|hebrew';

/** "in a language other than English", "not written in English", "non-English emails". */
const OTHER_THAN = new RegExp(
  String.raw`\b(?:in|written in)\s+(?:a|any)\s+language\s+other\s+than\s+(${LANGUAGES})\b|\b(?:is|are|isn't|aren't)?\s*not\s+(?:written\s+)?in\s+(${LANGUAGES})\b|\bnon-(${LANGUAGES})\b`,
  'i',
);

/** A test of the language the text is written in: the model names it, and a Filter keeps the others. */
export function languageTest(steps: Step[], original: string, ctx: ReadContext): void {
  const m = OTHER_THAN.exec(original);
  if (!m) return;
  let tested = false;
  walkSteps(steps, (s) => {
    tested ||=
      ((s.kind === 'filter' || s.kind === 'if') && /language/.test(s.condition.field)) ||
      (s.kind === 'switch' && s.field === 'language') ||
      (s.kind === 'ai' && Boolean(s.routes?.length));
  });
  if (tested) return;
  const language = (m[1] ?? m[2] ?? m[3])!.replace(/^./, (c) => c.toUpperCase());
  const detect = aiStep('extract', 'Detect the language the text is written in', NO_MENTIONS, ctx, '');
  detect.attributes = ['language'];
  let at = 0;
  while (at < steps.length && feedsModel(steps[at]!)) at++;
  steps.splice(at, 0, detect, {
    kind: 'filter',
    condition: { field: 'output.language', operator: 'notEquals', value: language },
  });
}
