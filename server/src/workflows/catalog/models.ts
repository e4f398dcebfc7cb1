// AI providers and the models people name ("GPT-4o-mini", "Claude", "Gemini 2.0 Flash", "Llama 3 on Ollama"): which
// n8n chat model node each uses, and the model a node gets when the request names none.
import type { Model, Provider } from '../spec.ts';
import type { Token } from '../intent/text.ts';

interface ProviderInfo {
  name: string;
  /** Short type of the provider's chat model node (@n8n/n8n-nodes-langchain). */
  chatModel: string;
  defaultModel: string;
}

export const PROVIDERS: Record<Provider, ProviderInfo> = {
  openai: { name: 'OpenAI', chatModel: 'lmChatOpenAi', defaultModel: 'gpt-4o-mini' },
  anthropic: { name: 'Anthropic', chatModel: 'lmChatAnthropic', defaultModel: 'claude-sonnet-4-20250514' },
  gemini: { name: 'Google Gemini', chatModel: 'lmChatGoogleGemini', defaultModel: 'models/gemini-2.0-flash' },
  ollama: { name: 'Ollama', chatModel: 'lmChatOllama', defaultModel: 'llama3.2:latest' },
  mistral: { name: 'Mistral', chatModel: 'lmChatMistralCloud', defaultModel: 'mistral-small-latest' },
  deepseek: { name: 'DeepSeek', chatModel: 'lmChatDeepSeek', defaultModel: 'deepseek-chat' },
  groq: { name: 'Groq', chatModel: 'lmChatGroq', defaultModel: 'llama-3.3-70b-versatile' },
  openrouter: { name: 'OpenRouter', chatModel: 'lmChatOpenRouter', defaultModel: 'openai/gpt-4o-mini' },
  xai: { name: 'xAI Grok', chatModel: 'lmChatXAiGrok', defaultModel: 'grok-3-mini' },
  cohere: { name: 'Cohere', chatModel: 'lmChatCohere', defaultModel: 'command-r-plus' },
  azure: { name: 'Azure OpenAI', chatModel: 'lmChatAzureOpenAi', defaultModel: 'gpt-4o-mini' },
  bedrock: {
    name: 'AWS Bedrock',
    chatModel: 'lmChatAwsBedrock',
    defaultModel: 'anthropic.claude-3-5-sonnet-20240620-v1:0',
  },
  vertex: { name: 'Google Vertex', chatModel: 'lmChatGoogleVertex', defaultModel: 'gemini-2.0-flash' },
  qwen: { name: 'Qwen', chatModel: 'lmChatAlibabaCloud', defaultModel: 'qwen-plus' },
  moonshot: { name: 'Moonshot Kimi', chatModel: 'lmChatMoonshot', defaultModel: 'kimi-k2-0711-preview' },
  perplexity: { name: 'Perplexity', chatModel: 'lmChatOpenRouter', defaultModel: 'perplexity/sonar' },
};

/** Words (lower-cased tokens, or two-word phrases) that name a provider or one of its models. */
const WORDS: Array<[string, Provider]> = [
  ['azure openai', 'azure'],
  ['open ai', 'openai'],
  ['openai', 'openai'],
  ['chatgpt', 'openai'],
  ['gpt', 'openai'],
  ['dall', 'openai'],
  ['dalle', 'openai'],
  ['whisper', 'openai'],
  ['sora', 'openai'],
  ['claude', 'anthropic'],
  ['anthropic', 'anthropic'],
  ['gemini', 'gemini'],
  ['gemma', 'gemini'],
  ['imagen', 'gemini'],
  ['palm', 'gemini'],
  ['google ai', 'gemini'],
  ['vertex', 'vertex'],
  ['ollama', 'ollama'],
  ['llama', 'ollama'],
  ['llama3', 'ollama'],
  ['mistral', 'mistral'],
  ['mixtral', 'mistral'],
  ['pixtral', 'mistral'],
  ['codestral', 'mistral'],
  ['deepseek', 'deepseek'],
  ['groq', 'groq'],
  ['openrouter', 'openrouter'],
  ['open router', 'openrouter'],
  ['grok', 'xai'],
  ['xai', 'xai'],
  ['cohere', 'cohere'],
  ['bedrock', 'bedrock'],
  ['qwen', 'qwen'],
  ['kimi', 'moonshot'],
  ['moonshot', 'moonshot'],
  ['perplexity', 'perplexity'],
  ['sonar', 'perplexity'],
];

export interface ModelMention {
  model: Model;
  from: number;
  to: number;
}

/** Providers named in tokens, with the model id when one is written out ("gpt-4o-mini", "gemini-2.0-flash"). */
export function findModels(tokens: Token[]): ModelMention[] {
  const found: ModelMention[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'word') continue;
    const lower = t.lower.replace(/['’]s$/, '');
    const two = `${lower} ${tokens[i + 1]?.lower ?? ''}`;
    let hit = WORDS.find(([w]) => w === two);
    let to = i + 2;
    if (!hit) {
      const word = lower.replace(/\d.*$/, '');
      hit = WORDS.find(([w]) => w === lower || (w === word && /^(?:gpt|llama|gemini|claude|qwen|grok)$/.test(w)));
      to = i + 1;
    }
    // "O3", "o4-mini": OpenAI's reasoning models.
    if (!hit && /^o[134]$/.test(t.lower)) hit = ['o', 'openai'];
    if (!hit) continue;
    // The model id continues through joined tokens ("GPT-4o-mini") and version words ("Gemini 2.0 Flash").
    while (to < tokens.length) {
      const next = tokens[to]!;
      const versionish =
        /^(?:\d[\w.]*|mini|nano|flash|pro|turbo|lite|sonnet|opus|haiku|vision|preview|instruct|latest|o)$/.test(
          next.lower,
        );
      if (
        (next.joined && (next.kind === 'word' || next.text === '-' || next.text === '.')) ||
        (next.kind === 'word' && versionish)
      )
        to++;
      else break;
    }
    while (to > i + 1 && tokens[to - 1]!.kind === 'punct') to--;
    const written = tokens
      .slice(i, to)
      .map((x) => (x.kind === 'word' ? x.lower : x.text))
      .join(' ')
      .replace(/\s*([-.])\s*/g, '$1')
      .replace(/\s+/g, '-');
    const id = modelId(hit[1], written);
    const previous = found.at(-1);
    // "Gemma 3 on Ollama", "Llama 3 via Groq": the host serves the model named before it.
    if (
      previous &&
      HOSTS.has(hit[1]) &&
      previous.to >= i - 2 &&
      /^(?:on|via|through|using|with|from)$/.test(tokens[i - 1]?.lower ?? '')
    ) {
      previous.model = {
        provider: hit[1],
        id: tokens
          .slice(previous.from, previous.to)
          .map((x) => x.lower)
          .join('')
          .replace(/[^a-z0-9.:-]/g, ''),
      };
      previous.to = to;
    } else found.push({ model: { provider: hit[1], ...(id ? { id } : {}) }, from: i, to });
    i = to - 1;
  }
  return found;
}

const HOSTS = new Set<Provider>(['ollama', 'groq', 'openrouter', 'bedrock', 'azure', 'vertex']);

/** A model id n8n's node accepts, when the written name is one ("gpt-4o-mini"); else the provider default applies. */
function modelId(provider: Provider, written: string): string | undefined {
  if (provider === 'openai') {
    const m =
      /^(?:gpt)-?(\d(?:\.\d)?o?)(?:-(mini|nano|turbo))?/.exec(written) ??
      /^(?:openai-)?(4o|4\.1|5)(?:-(mini|nano))?/.exec(written);
    if (m) return `gpt-${m[1]}${m[2] ? `-${m[2]}` : ''}`;
    const o = /^(o[134])(?:-(mini))?/.exec(written);
    if (o) return `${o[1]}${o[2] ? '-mini' : ''}`;
    return undefined;
  }
  if (provider === 'gemini') {
    const m = /^gemini-?(\d\.\d)-?(flash|pro)?/.exec(written);
    return m ? `models/gemini-${m[1]}-${m[2] ?? 'flash'}` : undefined;
  }
  return undefined;
}
