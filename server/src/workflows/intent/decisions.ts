// A model asked a question ("let AI decide whether it's a sales inquiry. If it is …, if not …") answers it in a
// field the If or Filter after it reads: an Information Extractor names the answer (`category`, `rude`) and the
// test reads `$json.output.category`. A plain AI step answers in free text no condition can test.
import type { AiStep, Condition, Step } from '../spec.ts';

/** The AI step's words ask a question about the items (or score them). */
const ASKS =
  /\b(?:whether|if|decides?|determines?|checks?|classif\w+|detects?|tells?|judges?|figures? out|works? out|is it|flags?|scores?|rates?|grades?|qualif\w+|sounds?|seems?|feels?)\b/i;

/** A test an AI step can answer: a category, a yes/no flag, or the score a scoring step gives. */
function decidable(c: Condition, step: AiStep): boolean {
  if (c.field.startsWith('$') || c.field.includes('.')) return false;
  if (c.operator === 'isTrue' || c.operator === 'isFalse') return true;
  // "have GPT score each applicant", "give every review a score from 1 to 10": the number it gives.
  if (
    (step.task === 'score' || /\b(?:scores?|rates?|rating|grades?)\b/i.test(step.phrase)) &&
    /^(?:gt|gte|lt|lte)$/.test(c.operator) &&
    typeof c.value === 'number'
  )
    return true;
  return (c.operator === 'equals' || c.operator === 'notEquals') && typeof c.value === 'string';
}

export function aiDecisions(steps: Step[]): void {
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (step.kind === 'if') {
      aiDecisions(step.then);
      aiDecisions(step.otherwise);
    } else if (step.kind === 'loop') aiDecisions(step.body);
    else if (step.kind === 'switch') {
      for (const r of step.routes) aiDecisions(r.steps);
      if (step.fallback) aiDecisions(step.fallback);
    } else if (step.kind === 'parallel') for (const b of step.branches) aiDecisions(b);
    const next = steps[i + 1];
    if (step.kind !== 'ai' || !next || !asks(step)) continue;
    if ((next.kind === 'filter' || next.kind === 'if') && decidable(next.condition, step)) {
      step.task = 'extract';
      step.attributes = [next.condition.field];
      next.condition = { ...next.condition, field: `output.${next.condition.field}` };
    }
  }
}

function asks(step: AiStep): boolean {
  return (
    (step.task === 'analyse' || step.task === 'classify' || step.task === 'score' || step.task === 'sentiment') &&
    !step.routes?.length &&
    ASKS.test(step.phrase)
  );
}

/** Fields a Switch reads that no app gives: the model's answer is what they hold. */
const MODEL_FIELDS =
  /^(?:category|type|topic|kind|intent|subject|language|priority|urgency|severity|score|sentiment|label|status)$/;
/** Words that ask the model to sort the item, not only to judge it. */
const SORTS =
  /\b(?:classif\w+|categori[sz]\w*|triages?|(?:detects?|decides?|picks?|chooses?|assigns?) (?:on )?(?:the |its |their |a )?(?:intent|category|type|topic|kind)|(?:identif\w+|works? out|figures? out) (?:the |its |their )?(?:intent|category|type|topic|kind))\b/i;

/**
 * "Have AI detect the intent: late checkout, complaint, question, or other. Complaint: email …; Question: …": the
 * routes after a model's sorting step are its categories, one output each (n8n's Text Classifier), not a Switch on a
 * field the model never wrote.
 */
export function modelRoutes(steps: Step[], original: string): void {
  // "→ switch:": the Switch the request names stays.
  if (/\bswitch\b/i.test(original)) return;
  for (let i = 0; i < steps.length - 1; i++) {
    const step = steps[i]!;
    const next = steps[i + 1]!;
    if (
      step.kind !== 'ai' ||
      next.kind !== 'switch' ||
      step.routes?.length ||
      !/^(?:analyse|classify)$/.test(step.task) ||
      !SORTS.test(step.phrase) ||
      !MODEL_FIELDS.test(next.field) ||
      // Two outcomes read as a test; three or more categories are the classifier's.
      next.routes.length + (next.fallback?.length ? 1 : 0) < 3 ||
      next.routes.some((r) => r.condition && !/^(?:equals|oneOf)$/.test(r.condition.operator))
    )
      continue;
    step.task = 'classify';
    step.routes = [
      ...next.routes.map((r) => ({ name: r.name, steps: r.steps })),
      ...(next.fallback?.length ? [{ name: 'Other', steps: next.fallback }] : []),
    ];
    steps.splice(i + 1, 1);
  }
}
