// Everything a request names, found once over its tokens: apps (n8n's catalogue), AI providers and models, generic
// nouns with their default node, and the AI jobs its nouns name. Clauses read their own slice of these.
import { appVocabulary } from '../catalog/vocabulary.ts';
import { findModels, type ModelMention } from '../catalog/models.ts';
import { findGenerics, type GenericMention } from '../catalog/generics.ts';
import { nodeCatalog, shortType, type CatalogApp } from '../catalog/nodeCatalog.ts';
import type { AiTask } from '../spec.ts';
import { AI_NOUNS, AI_WORDS } from './lexicon.ts';
import { isTitleCase, type Token } from './text.ts';

export interface AppRef {
  app: CatalogApp;
  from: number;
  to: number;
}

export interface AiNoun {
  task: AiTask;
  from: number;
  to: number;
  /** The noun asks for AI by itself ("sentiment analysis", "chatbot"); a weak one ("summary") only beside AI words. */
  strong: boolean;
}

const WEAK = new Set([
  'summary',
  'summaries',
  'recap',
  'analysis',
  'analyses',
  'insights',
  'evaluation',
  'review',
  'reviewer',
  'research',
  'researcher',
  'responses',
  'replies',
  'drafts',
  'captions',
  'caption',
  'writer',
  'generator',
  'blog post',
  'blog posts',
  'content generation',
  'content generator',
  'copywriting',
  'extraction',
  'extractor',
  'parser',
  'parsing',
  'scoring',
  'qualification',
  'responder',
  'assistant',
  'images',
  'image',
  'thumbnails',
  'thumbnail',
  'illustrations',
  'triage',
  'agent',
  'agents',
  'bot',
]);

export interface Mentions {
  apps: AppRef[];
  models: ModelMention[];
  generics: GenericMention[];
  aiNouns: AiNoun[];
  /** Token indexes of words that ask for AI without naming a provider ("AI", "LLM"). */
  aiWords: number[];
}

/** Apps that are AI models: a request names them as providers ("with OpenAI"), read by findModels instead. */
const MODEL_APP =
  /^(?:openAi|anthropic|googleGemini|ollama|lm\w+|embeddings\w+|agent|chainLlm|chainSummarization|alibabaCloud|moonshot|minimax)$/;

const AI_NOUN_PARTS = AI_NOUNS.map(([phrase, task]) => [phrase.split(' '), task] as const).sort(
  (a, b) => b[0].length - a[0].length,
);

export function findMentions(tokens: Token[]): Mentions {
  const models = findModels(tokens);
  const inModel = (i: number) => models.some((m) => i >= m.from && i < m.to);
  const apps = appVocabulary()
    .find(tokens, isTitleCase(tokens))
    .filter((a) => !MODEL_APP.test(shortType(a.app.action ?? a.app.trigger ?? a.app.key)) && !inModel(a.from));
  // "Supabase RAG", "Postgres vector search": the app's vector store.
  const catalog = nodeCatalog();
  for (const a of apps) {
    const next = tokens
      .slice(a.to, a.to + 2)
      .map((t) => t.lower)
      .join(' ');
    if (
      !/^(?:rag|vector|vectors|embeddings|knowledge base|semantic search|vector store|vector db|vector database)\b/.test(
        next,
      )
    )
      continue;
    const key =
      a.app.key === 'postgres'
        ? 'vectorStorePGVector'
        : `vectorStore${a.app.key.replace(/^./, (c) => c.toUpperCase())}`;
    const store = catalog.app(key);
    if (store) a.app = store;
  }
  const taken = new Set<number>();
  for (const a of apps) for (let i = a.from; i < a.to; i++) taken.add(i);
  for (const m of models) for (let i = m.from; i < m.to; i++) taken.add(i);
  const aiNouns: AiNoun[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (taken.has(i)) continue;
    for (const [parts, task] of AI_NOUN_PARTS) {
      const slice = tokens.slice(i, i + parts.length);
      if (slice.length === parts.length && slice.every((t, k) => t.lower === parts[k])) {
        aiNouns.push({ task, from: i, to: i + parts.length, strong: !WEAK.has(parts.join(' ')) });
        i += parts.length - 1;
        break;
      }
    }
  }
  const aiWords = tokens.flatMap((t, i) => (t.kind === 'word' && !taken.has(i) && AI_WORDS.has(t.lower) ? [i] : []));
  return { apps, models, generics: findGenerics(tokens, taken), aiNouns, aiWords };
}

/** The mentions inside a token range [from, to). */
export function within(m: Mentions, from: number, to: number): Mentions {
  const inside = (x: { from: number; to: number }) => x.from >= from && x.to <= to;
  return {
    apps: m.apps.filter(inside),
    models: m.models.filter(inside),
    generics: m.generics.filter(inside),
    aiNouns: m.aiNouns.filter(inside),
    aiWords: m.aiWords.filter((i) => i >= from && i < to),
  };
}
