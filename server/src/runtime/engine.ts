// Chooses the engine of a run: an OpenAI-compatible model when one is configured, else the built-in team.
import type { Config } from '../config.ts';
import { createBuiltinEngine } from './builtin/engine.ts';
import { createOpenAIEngine } from './openai/engine.ts';
import type { TeamEngine } from './types.ts';

export function selectEngine(config: Config): TeamEngine {
  if (config.OPENAI_API_KEY || config.LLM_BASE_URL) {
    return createOpenAIEngine({
      // Local servers (Ollama, vLLM) accept any key; the SDK insists on one.
      apiKey: config.OPENAI_API_KEY ?? 'not-needed',
      baseURL: config.LLM_BASE_URL,
      model: config.LLM_MODEL,
    });
  }
  return createBuiltinEngine({ timeoutMs: config.READ_TIMEOUT_MS, memoryMb: config.READ_MEMORY_MB });
}
