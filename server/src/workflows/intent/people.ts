// People's first names, so that "send it to Karen" or "loop in Priya" is read as a person a message goes to and not
// as a system to call. The names come from the human-names package (English, Dutch, French, German, Italian and
// Spanish lists); a name is only asked about for a capitalised word the catalogue does not know.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface HumanNames {
  femaleEn: string[];
  maleEn: string[];
  femaleNl: string[];
  maleNl: string[];
  femaleFr: string[];
  maleFr: string[];
  femaleDe: string[];
  maleDe: string[];
  femaleIt: string[];
  maleIt: string[];
  femaleEs: string[];
  maleEs: string[];
}

let names: Set<string> | null = null;

function firstNames(): Set<string> {
  if (names) return names;
  const h = require('human-names') as HumanNames;
  names = new Set(
    [
      h.femaleEn,
      h.maleEn,
      h.femaleNl,
      h.maleNl,
      h.femaleFr,
      h.maleFr,
      h.femaleDe,
      h.maleDe,
      h.femaleIt,
      h.maleIt,
      h.femaleEs,
      h.maleEs,
    ]
      .flat()
      .map((n) => n.toLowerCase()),
  );
  return names;
}

/** Whether a capitalised word is a common first name ("Karen", "Marco", "Priya"). */
export function isFirstName(word: string): boolean {
  return /^[A-Z][a-z]+$/.test(word) && firstNames().has(word.toLowerCase());
}
