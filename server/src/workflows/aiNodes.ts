// The nodes of an AI step: the main node that fits the job (an agent, a classifier, an extractor, the OpenAI or
// Gemini node, or a Basic LLM Chain) and its sub-nodes on ai_* connections (the provider's chat model, memory, tools,
// a vector store with its embeddings), as n8n's AI clusters are built.
import { PROVIDERS } from './catalog/models.ts';
import type { Draft } from './coreNodes.ts';
import type { AgentTool, AiStep, Model, Provider } from './spec.ts';

const L = '@n8n/n8n-nodes-langchain';

export interface SubNode {
  draft: Draft;
  /** The connection type from the sub-node to its parent (ai_languageModel, ai_memory, ai_tool, …). */
  connection: string;
  subs?: SubNode[];
}

export interface AiCluster {
  main: Draft;
  subs: SubNode[];
}

/** The prompt a model step gets: the job in the user's words, then the incoming item's text. */
function prompt(step: AiStep, input: string): string {
  const lead: Record<string, string> = {
    summarise: 'Summarise the following clearly and briefly.',
    translate: 'Translate the following into English, keeping its meaning and tone.',
    write: 'Write the text this step is for, based on the following.',
    analyse: 'Analyse the following and report what matters.',
    score: 'Score the following from 1 to 10 and say why, as JSON with "score" and "reason".',
    moderate:
      'Review the following for moderation: is it appropriate to publish? Answer "approved" or "flagged" with a reason.',
    sentiment: 'Give the sentiment of the following (positive, neutral or negative) with a one-line reason.',
    search: 'Research the following and give a sourced answer.',
    classify: 'Classify the following and return one short label.',
    extract: 'Extract the key facts from the following.',
  };
  const job = step.job.replace(/\s+/g, ' ').trim().slice(0, 300);
  return `=${lead[step.task] ?? 'Process the following.'}\nThe job, in the request's words: ${job}\n\n${input}`;
}

// A Telegram update carries the text at message.text, WhatsApp's at messages[0].text.body.
const INPUT =
  '{{ $json.message?.text ?? $json.messages?.[0]?.text?.body ?? $json.text ?? $json.message ?? $json.body ?? JSON.stringify($json) }}';

function chatModel(model: Model, name?: string): Draft {
  const info = PROVIDERS[model.provider];
  const type = `${L}.${info.chatModel}`;
  return { name: name ?? `${info.name} Chat Model`, type, parameters: {}, ...(model.id ? { model: model.id } : {}) };
}

export function embeddings(provider: Provider): Draft {
  const type =
    provider === 'gemini'
      ? 'embeddingsGoogleGemini'
      : provider === 'ollama'
        ? 'embeddingsOllama'
        : provider === 'mistral'
          ? 'embeddingsMistralCloud'
          : provider === 'cohere'
            ? 'embeddingsCohere'
            : 'embeddingsOpenAi';
  return {
    name: `Embeddings ${type === 'embeddingsOpenAi' ? 'OpenAI' : PROVIDERS[provider].name}`,
    type: `${L}.${type}`,
    parameters: {},
  };
}

function toolNode(
  tool: AgentTool,
  provider: Provider,
  appName: (key: string) => string,
  toolType: (key: string) => string | undefined,
): SubNode | null {
  switch (tool.kind) {
    case 'calculator':
      return { draft: { name: 'Calculator', type: `${L}.toolCalculator`, parameters: {} }, connection: 'ai_tool' };
    case 'wikipedia':
      return { draft: { name: 'Wikipedia', type: `${L}.toolWikipedia`, parameters: {} }, connection: 'ai_tool' };
    case 'web_search':
      return {
        draft: { name: 'SerpAPI', type: `${L}.toolSerpApi`, parameters: { options: {} } },
        connection: 'ai_tool',
      };
    case 'think':
      return { draft: { name: 'Think', type: `${L}.toolThink`, parameters: {} }, connection: 'ai_tool' };
    case 'code':
      return {
        draft: {
          name: 'Code Tool',
          type: `${L}.toolCode`,
          parameters: {
            description: 'Runs JavaScript on the input the agent gives it',
            jsCode: 'return JSON.stringify(query);',
          },
        },
        connection: 'ai_tool',
      };
    case 'http':
      return {
        draft: {
          name: 'HTTP Request Tool',
          type: 'n8n-nodes-base.httpRequestTool',
          parameters: {
            toolDescription: 'Calls an HTTP API',
            url: "={{ $fromAI('url', 'The URL to call', 'string') }}",
            options: {},
          },
        },
        connection: 'ai_tool',
      };
    case 'vectorStore':
      return {
        draft: {
          name: `${appName(tool.app)} Knowledge`,
          type: toolType(tool.app) ?? `${L}.vectorStoreInMemory`,
          parameters: {
            mode: 'retrieve-as-tool',
            toolName: 'knowledge_base',
            toolDescription: 'Looks up the knowledge base for facts that answer the question',
          },
          app: tool.app,
        },
        connection: 'ai_tool',
        subs: [{ draft: embeddings(tool.embeddings ?? provider), connection: 'ai_embedding' }],
      };
    case 'app': {
      const type = toolType(tool.app);
      // An app whose node n8n offers no tool variant of (Confluence): the agent calls its API with the HTTP Request
      // Tool, pointed by the user.
      if (!type || !/Tool$|\.tool[A-Z]|n8n-nodes-langchain\./.test(type))
        return {
          draft: {
            name: `${appName(tool.app)} API Tool`,
            type: 'n8n-nodes-base.httpRequestTool',
            parameters: {
              toolDescription: `Calls the ${appName(tool.app)} API`,
              url: `<__PLACEHOLDER_VALUE__${appName(tool.app)} API URL__>`,
              options: {},
            },
          },
          connection: 'ai_tool',
        };
      return {
        draft: {
          name: `${appName(tool.app)} Tool`,
          type,
          parameters: {},
          app: tool.app,
          intent: { verb: tool.verb ?? 'read', ...(tool.noun ? { noun: tool.noun } : {}), hints: {} },
        },
        connection: 'ai_tool',
      };
    }
  }
}

/** Where an agent keeps the conversation: n8n's in-process memory, or the database the request names. */
const MEMORY = {
  simple: { name: 'Simple Memory', type: `${L}.memoryBufferWindow`, parameters: {} },
  postgres: { name: 'Postgres Chat Memory', type: `${L}.memoryPostgresChat`, parameters: {} },
  redis: { name: 'Redis Chat Memory', type: `${L}.memoryRedisChat`, parameters: {} },
  mongodb: { name: 'MongoDB Chat Memory', type: `${L}.memoryMongoDbChat`, parameters: {} },
};

/** The main node and sub-nodes for an AI step; `input` is the expression the step reads its text from. */
export function aiCluster(
  step: AiStep,
  opts: { chatInput: boolean; appName: (key: string) => string; toolType: (key: string) => string | undefined },
): AiCluster {
  const provider = step.model.provider;
  const model = (): SubNode => ({ draft: chatModel(step.model), connection: 'ai_languageModel' });
  const input = `=${opts.chatInput ? '{{ $json.chatInput ?? $json.message?.text ?? $json.text }}' : INPUT}`;
  switch (step.task) {
    case 'agent': {
      const subs: SubNode[] = [model()];
      if (step.memory) {
        const memory = MEMORY[step.memoryStore ?? 'simple'];
        // Only n8n's Chat Trigger hands the memory a session id; a bot's message or a webhook keys it by the
        // sender, so each person keeps their own conversation.
        subs.push({
          draft: opts.chatInput
            ? memory
            : {
                ...memory,
                parameters: {
                  sessionIdType: 'customKey',
                  sessionKey:
                    '={{ $json.message?.chat?.id ?? $json.chatId ?? $json.body?.from ?? $json.from ?? $json.sender ?? $json.email ?? $json.sessionId }}',
                },
              },
          connection: 'ai_memory',
        });
      }
      for (const tool of step.tools) {
        const node = toolNode(tool, provider, opts.appName, opts.toolType);
        if (node) subs.push(node);
      }
      // "returns JSON with industry, employee_count and summary": the parser holds the agent to that shape.
      if (step.structured) {
        const fields = step.structured.length ? step.structured : ['result'];
        const example = Object.fromEntries(fields.map((f) => [f.replace(/\s+/g, '_'), '']));
        subs.push({
          draft: {
            name: 'Structured Output Parser',
            type: `${L}.outputParserStructured`,
            parameters: { jsonSchemaExample: JSON.stringify(example, null, 2) },
          },
          connection: 'ai_outputParser',
        });
      }
      return {
        main: {
          name: 'AI Agent',
          type: `${L}.agent`,
          parameters: {
            promptType: 'define',
            text: input,
            ...(step.structured ? { hasOutputParser: true } : {}),
            options: {
              systemMessage: `You are a helpful assistant. Your job, in the user's words: ${step.job.replace(/\s+/g, ' ').slice(0, 400)}`,
            },
          },
        },
        subs,
      };
    }
    case 'classify':
    case 'moderate':
    case 'sentiment':
      // "Sentiment Analysis node …; Negative: …": n8n's node, one output per category (its own three when none).
      if (step.task === 'sentiment' && step.node === 'sentimentAnalysis')
        return {
          main: {
            name: 'Sentiment Analysis',
            type: `${L}.sentimentAnalysis`,
            parameters: {
              inputText: input,
              options: step.routes?.length ? { categories: step.routes.map((r) => r.name).join(', ') } : {},
            },
          },
          subs: [model()],
        };
      if (step.routes?.length)
        return {
          main: {
            name:
              step.task === 'moderate'
                ? 'Moderate Content'
                : step.task === 'sentiment'
                  ? 'Classify Sentiment'
                  : 'Text Classifier',
            type: `${L}.textClassifier`,
            parameters: {
              inputText: input,
              categories: {
                categories: step.routes.map((r) => ({
                  category: r.name,
                  description: /^(?:other|others|else|anything else|rest)$/i.test(r.name)
                    ? 'Anything that fits none of the other categories'
                    : `Items that are ${r.name.toLowerCase()}`,
                })),
              },
              options: {},
            },
          },
          subs: [model()],
        };
      break;
    case 'extract':
      return {
        main: {
          name: 'Information Extractor',
          type: `${L}.informationExtractor`,
          parameters: {
            text: input,
            attributes: {
              attributes: (step.attributes ?? ['summary']).map((a) => ({
                name: a.replace(/\s+/g, '_'),
                // "decide whether it's a sales inquiry": the attribute is the answer to the request's question.
                description: /\b(?:whether|if|decide|determine|check|tell)\b/i.test(step.job)
                  ? `The ${a.replace(/_/g, ' ')}, answering: ${step.job.replace(/\s+/g, ' ').slice(0, 200)}`
                  : `The ${a} mentioned in the text`,
                required: false,
              })),
            },
            options: {},
          },
        },
        subs: [model()],
      };
    case 'image':
      if (provider === 'gemini')
        return {
          main: {
            name: 'Generate Image',
            type: `${L}.googleGemini`,
            parameters: { resource: 'image', operation: 'generate', prompt: `=${INPUT}`, options: {} },
          },
          subs: [],
        };
      return {
        main: {
          name: 'Generate Image',
          type: `${L}.openAi`,
          parameters: { resource: 'image', operation: 'generate', prompt: `=${INPUT}`, options: {} },
        },
        subs: [],
      };
    case 'transcribe':
      if (provider === 'gemini')
        return {
          main: {
            name: 'Transcribe Audio',
            type: `${L}.googleGemini`,
            parameters: {
              resource: 'audio',
              operation: 'transcribe',
              inputType: 'binary',
              binaryPropertyName: 'data',
              options: {},
            },
          },
          subs: [],
        };
      return {
        main: {
          name: 'Transcribe Audio',
          type: `${L}.openAi`,
          parameters: { resource: 'audio', operation: 'transcribe', binaryPropertyName: 'data', options: {} },
        },
        subs: [],
      };
    case 'speech':
      return {
        main: {
          name: 'Generate Speech',
          type: `${L}.openAi`,
          parameters: { resource: 'audio', operation: 'generate', input: `=${INPUT}`, options: {} },
        },
        subs: [],
      };
    case 'ocr':
      if (provider === 'mistral')
        return {
          main: { name: 'Read Document (Mistral OCR)', type: 'n8n-nodes-base.mistralAi', parameters: {} },
          subs: [],
        };
      // "read merchant and amount from the photo": the model looks at the picture the item carries.
      if (provider === 'openai' || provider === 'gemini')
        return {
          main: {
            name: 'Analyze Image',
            type: `${L}.${provider === 'gemini' ? 'googleGemini' : 'openAi'}`,
            parameters: {
              resource: 'image',
              operation: 'analyze',
              text: `${step.job.slice(0, 300)}. Answer with what the picture shows for each.`,
              inputType: provider === 'gemini' ? 'binary' : 'base64',
              binaryPropertyName: step.binary ?? 'data',
              modelId: {
                __rl: true,
                value: step.model.id ?? PROVIDERS[provider].defaultModel,
                mode: 'list',
                cachedResultName: step.model.id ?? PROVIDERS[provider].defaultModel,
              },
              options: {},
            },
          },
          subs: [],
        };
      break;
    default:
      break;
  }
  if (provider === 'openai')
    return {
      main: {
        name: `${title(step.task)} with OpenAI`,
        type: `${L}.openAi`,
        parameters: {
          resource: 'text',
          operation: 'response',
          modelId: {
            __rl: true,
            value: step.model.id ?? PROVIDERS.openai.defaultModel,
            mode: 'list',
            cachedResultName: (step.model.id ?? PROVIDERS.openai.defaultModel).toUpperCase(),
          },
          responses: { values: [{ content: prompt(step, INPUT) }] },
          options: {},
        },
      },
      subs: [],
    };
  if (provider === 'perplexity')
    return {
      main: {
        name: `${title(step.task)} with Perplexity`,
        type: 'n8n-nodes-base.perplexity',
        parameters: { messages: { message: [{ content: prompt(step, INPUT) }] }, options: {} },
      },
      subs: [],
    };
  return {
    main: {
      name: `${title(step.task)} with ${PROVIDERS[provider].name}`,
      type: `${L}.chainLlm`,
      parameters: { promptType: 'define', text: prompt(step, INPUT) },
    },
    subs: [model()],
  };
}

function title(task: AiStep['task']): string {
  const names: Partial<Record<AiStep['task'], string>> = {
    summarise: 'Summarise',
    translate: 'Translate',
    write: 'Write',
    analyse: 'Analyse',
    score: 'Score',
    moderate: 'Moderate',
    sentiment: 'Analyse Sentiment',
    search: 'Research',
    classify: 'Classify',
    extract: 'Extract',
    ocr: 'Read Document',
  };
  return names[task] ?? 'Process';
}
