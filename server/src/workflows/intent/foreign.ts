// Days and times a writer types in their own language ("freitags 17 uhr", "elke maandag", "lundi 8h"): written in
// English before reading, so the schedule reader sees "every friday at 17:00". Only day names with a cue that they
// are days (an "every" word, a time, the German "-s" of habit) change: "Domingo" alone stays a name.
const DAYS: Record<string, string> = {};
const NAMES: Array<[string, string[]]> = [
  ['monday', ['montag', 'maandag', 'lunes', 'segunda', 'segunda-feira', 'lundi', 'lunedì', 'lunedi', 'poniedziałek']],
  [
    'tuesday',
    ['dienstag', 'dinsdag', 'martes', 'terça', 'terca', 'terça-feira', 'mardi', 'martedì', 'martedi', 'wtorek'],
  ],
  [
    'wednesday',
    [
      'mittwoch',
      'woensdag',
      'miércoles',
      'miercoles',
      'quarta',
      'quarta-feira',
      'mercredi',
      'mercoledì',
      'mercoledi',
      'środa',
    ],
  ],
  [
    'thursday',
    ['donnerstag', 'donderdag', 'jueves', 'quinta', 'quinta-feira', 'jeudi', 'giovedì', 'giovedi', 'czwartek'],
  ],
  ['friday', ['freitag', 'vrijdag', 'viernes', 'sexta', 'sexta-feira', 'vendredi', 'venerdì', 'venerdi', 'piątek']],
  ['saturday', ['samstag', 'sonnabend', 'zaterdag', 'sábado', 'sabado', 'samedi', 'sabato', 'sobota']],
  ['sunday', ['sonntag', 'zondag', 'domingo', 'dimanche', 'domenica', 'niedziela']],
];
for (const [english, words] of NAMES) for (const w of words) DAYS[w] = english;

const DAY = Object.keys(DAYS)
  .sort((a, b) => b.length - a.length)
  .join('|');
/** "every" in German, Dutch, Spanish, Portuguese, French, Italian (and their plural "on all …" forms). */
const EVERY = String.raw`jeden|jede|jedem|elke|iedere|cada|todos\s+los|todas\s+las|todos\s+os|todas\s+as|toda|todo|chaque|tous\s+les|ogni|tutti\s+i|każdy|każdą`;
const DAILY = String.raw`täglich|taeglich|jeden\s+tag|dagelijks|elke\s+dag|iedere\s+dag|diariamente|todos\s+los\s+d[ií]as|cada\s+d[ií]a|todo\s+dia|todos\s+os\s+dias|tous\s+les\s+jours|chaque\s+jour|ogni\s+giorno`;
/** A clock time after a day or "at": "17 uhr", "8h", "18h30", "9u", "às 8h". */
const CLOCK = String.raw`(\d{1,2})(?:\s*uhr|\s*h(?:rs)?(?=\d{2}\b|\b)|u(?=\b))(\d{2})?`;

const english = (day: string) => DAYS[day.toLowerCase()] ?? day;
/** Word edges that know accented letters ("à", "lunedì"); `\b` is ASCII only. */
const B = String.raw`(?<![\p{L}\d])`;
const E = String.raw`(?![\p{L}\d])`;

export function englishSchedule(text: string): string {
  return (
    text
      // "elke maandag", "cada lunes", "tous les lundis", "jeden Montag": every Monday.
      .replace(
        new RegExp(String.raw`${B}(?:${EVERY})\s+(${DAY})s?${E}`, 'giu'),
        (_, d: string) => `every ${english(d)}`,
      )
      // "freitags", "montags": the German habitual -s.
      .replace(
        /\b(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)s\b/giu,
        (_, d: string) => `every ${english(d)}`,
      )
      // "maandag 9:00", "lundi 8h", "sexta às 17h": a day said with its time.
      .replace(
        new RegExp(
          String.raw`${B}(${DAY})${E}(?=\s*(?:,\s*)?(?:um|om|à|às|as|a\s+las|alle|at)?\s*\d{1,2}(?::\d{2}|\s*uhr|h|u\b))`,
          'giu',
        ),
        (_, d: string) => english(d),
      )
      .replace(new RegExp(String.raw`${B}(?:${DAILY})${E}`, 'giu'), 'every day')
      // "17 uhr", "8h", "18h30" after a day, "every …", "at" or its own words for it: a clock time.
      .replace(
        new RegExp(
          String.raw`(${B}(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|day|morning|um|om|à|às|a\s+las|alle|at)\s+)${CLOCK}`,
          'giu',
        ),
        (_, before: string, h: string, m: string | undefined) =>
          `${/^(?:um|om|à|às|a\s+las|alle)\s+$/iu.test(before) ? 'at ' : `${before}at `}${h}:${m ?? '00'}`,
      )
  );
}
