// Routes said as lists in one sentence, rewritten as one route per value before the clauses are read: "for Payroll,
// …; for Other, …", "routed by department: IT requests to it-lead@…, Marketing to cmo@…", "add each user to the
// group for their team: Sales -> grp-sales, Support -> grp-support".
import { verbClass } from './lexicon.ts';

/** "for Payroll, post …; for Other, reply …": an outcome named after "for", with what its items get. */
const FOR_LABEL =
  /(^|[.;:]\s*|\n\s*(?:[-*•]\s*)?)for\s+(?!(?:each|every|all|any|example|instance|now|more|details|reference|free|the remaining|the rest|everything|anything)\b)((?:[A-Z][\w&/-]*(?:\s+[A-Z][\w&/-]*){0,2})|['"‘“][^'"’”\n]{1,30}['"’”])(?:\s+(?:ones|tickets|emails|requests|messages|leads|items|category|categories))?\s*,\s+/g;

/** "for the remaining categories, do nothing": the outcomes not named. */
const FOR_REST =
  /(^|[.;:]\s*)for\s+(?:the\s+)?(?:remaining|other|rest of the)\s+(?:categories|labels|ones|types|cases|values|tickets|emails|requests)\s*,\s+/gi;

export function forLabels(text: string): string {
  if ([...text.matchAll(FOR_LABEL)].length < 2) return text;
  return (
    text
      // "route by category: for Payroll, …": the routes say the field's values themselves.
      .replace(
        /\b(?:(?:in addition|additionally|also)\s*,?\s*)?(?:and\s+)?(?:then\s+)?route\s+(?:them\s+|it\s+|each\s+one\s+)?(?:by|on)\s+(?:the\s+)?[\w-]+\s*:\s*(?=for\s)/gi,
        '',
      )
      .replace(FOR_LABEL, (_, lead: string, label: string) => `${lead}${label.replace(/^['"‘“]|['"’”]$/g, '')}: `)
      .replace(FOR_REST, (_, lead: string) => `${lead}everything else: `)
      // "everything else: do nothing further": the outcomes not named get no step.
      .replace(
        /(^|[.;:]\s*)everything else: (?:just\s+)?(?:do nothing(?: further| else| more)?|nothing(?: else| further)?|ignore (?:them|it))\s*(?=[.;\n]|$)/gi,
        '$1',
      )
  );
}

/**
 * "routed by department: IT requests to it-lead@…, Marketing to cmo@…, and any other department to coo@…": each
 * value and where its items go, said without a verb after the colon that introduces them.
 */
export function routedList(text: string): string {
  return text.replace(
    /(\b(?:rout(?:e|ed|ing)|sent|send|split|assign(?:ed)?|forward(?:ed)?|direct(?:ed)?)\s+(?:[\w-]+\s+){0,2}?(?:by|on|based on|depending on)\s+(?:the\s+|their\s+|its\s+)?[\w' -]{1,25}?:\s*)([^\n]*?)(?=\.(?:\s|$)|;|\n|$)/gi,
    (whole: string, intro: string, list: string) => {
      const items = list.split(/(,\s*(?:and\s+|or\s+)?|\s+and\s+)/);
      let changed = false;
      const out = items.map((item, i) => {
        if (i % 2 === 1) return item;
        const m = /^((?:[\w&'"‘’“”/-]+\s+){0,4}?[\w&'"‘’“”/-]+)\s+(to|into)\s+(\S.*)$/.exec(item.trim());
        if (!m || verbClass(m[1]!.split(/\s+/).at(-1)!.toLowerCase()) || /\b(?:goes|go|are|is|get|gets)\b/i.test(m[1]!))
          return item;
        changed = true;
        return `${m[1]} go ${m[2]} ${m[3]}`;
      });
      return changed ? intro + out.join('') : whole;
    },
  );
}

/**
 * "add each user to the Entra ID group for their team: Sales -> grp-sales, Support -> grp-support": one step said
 * once, then the value it takes for each value of a field: a route per value, each doing that step with its own.
 */
export function valueRoutes(text: string): string {
  return text.replace(
    /\b((?:add|put|assign|move|copy|invite|post|send|forward|save|upload|file)\b[^:.\n]{3,80}?)\s+(?:for|by|based on|according to|depending on|matching)\s+(?:their|its|the|each)\s+([\w-]{2,20}):\s*([^\n.;]+)/gi,
    (whole: string, step: string, field: string, list: string) => {
      const items = list.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((item) => {
        const m = /^([\w &'/-]{1,30}?)\s*(?:->|→|=>)\s*([`'"‘“]?[\w@.#/-]{2,40}[`'"’”]?)$/.exec(item.trim());
        return m && !verbClass(m[2]!.replace(/\W/g, '').toLowerCase()) ? `${m[1]} -> ${step} ${m[2]}` : null;
      });
      if (items.length < 2 || items.some((i) => i === null)) return whole;
      return `route by ${field}: ${items.join(', ')}`;
    },
  );
}

/** "7 or above:", "Below 7:", "Score 4-6:", "Over $500 →": a range of a number as the label of what follows. */
const RANGE_LABEL =
  /(?:(?:a\s+)?(?:scores?|ratings?|totals?|amounts?|values?|nps|csat)\s+(?:of\s+)?)?(?:[$€£]?\d{1,7}(?:[.,]\d{1,3})?\s*(?:\+|or\s+(?:above|more|higher|over|below|less|lower|under)|(?:-|–|to)\s*[$€£]?\d{1,7}(?:[.,]\d{1,3})?)|(?:above|over|below|under|(?:less|more|greater|lower|higher)\s+than|at\s+(?:least|most))\s+[$€£]?\d{1,7}(?:[.,]\d{1,3})?)\s*(?::|→|->|=>)/iy;

/**
 * "… give a score out of 10. 7 or above: notify the hiring manager …. Below 7: send a rejection email …": sentences
 * that each open with a range as their label are one list of routes, read as one sentence.
 */
export function rangeLabels(text: string): string {
  const opens = (at: number) => {
    RANGE_LABEL.lastIndex = at;
    return RANGE_LABEL.test(text);
  };
  const starts = [
    ...(opens(0) ? [{ stop: -1, start: 0 }] : []),
    ...[...text.matchAll(/[.!?]\s+(?=\S)/g)]
      .map((m) => ({ stop: m.index, start: m.index + m[0].length }))
      .filter((s) => opens(s.start)),
  ];
  if (starts.length < 2) return text;
  let out = text;
  // The full stop before a labelled sentence right after another labelled sentence becomes a semicolon.
  for (let i = starts.length - 1; i >= 1; i--) {
    const [before, here] = [starts[i - 1]!, starts[i]!];
    if (/[.!?]\s/.test(text.slice(before.start, here.stop))) continue;
    out = `${out.slice(0, here.stop)};${out.slice(here.stop + 1)}`;
  }
  return out;
}
