// zod set up once for the browser: the functional build (about a third of the classic API's size in the chat
// chunk), no compiled parsers (zod probes `new Function`, which the Content-Security-Policy reports as a violation),
// and English messages, which the functional build leaves out until given a locale.
import { z } from 'zod/mini';

z.config({ jitless: true, ...z.locales.en() });

export { z };
