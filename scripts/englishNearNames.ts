// Lists the English words a misspelt app name could be taken for (within `fuzzyReach` of a one-word app name,
// same first letter, or the name with some vowels left out), from a word list such as Debian's wamerican-large, into
// server/src/workflows/catalog/englishNearNames.json; the reader never reads those words as apps.
// Run after the catalogue changes: `tsx scripts/englishNearNames.ts /usr/share/dict/american-english-large`.
import { readFileSync, writeFileSync } from 'node:fs';
import { appVocabulary } from '../server/src/workflows/catalog/vocabulary.ts';

const file = process.argv[2] ?? '/usr/share/dict/words';
const names = new Set(appVocabulary().names());
const words = new Set(
  readFileSync(file, 'utf8')
    .split('\n')
    .map((w) =>
      w
        .trim()
        .toLowerCase()
        .replace(/['’]s$/, ''),
    )
    .filter((w) => /^[a-z]{4,}$/.test(w) && !names.has(w)),
);
const near = [...words].filter((w) => appVocabulary().misspelt(w, true)).sort();
writeFileSync(
  new URL('../server/src/workflows/catalog/englishNearNames.json', import.meta.url),
  `${JSON.stringify(near, null, 0)}\n`,
);
console.log(`${near.length} English words lie within reach of ${names.size} app names`);
