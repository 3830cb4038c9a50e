import type { TLocale } from '@shared/domain/locale';
import type { AiConfig } from '../../config';
import type { Logger } from '../../lib/logger';
import { insightSystemPrompt, insightUserPrompt, type PromptReflection } from './ai-prompt';

/**
 * Asks an OpenAI-compatible chat-completions endpoint (issue 14, decision 027; OpenAI, a local Ollama,
 * vLLM, …) for a week's insight paragraph. Any failure — no answer within the timeout, an error status, an
 * answer without text, or text too long to be the paragraph asked for — gives null, and the caller uses the
 * computed insight. Nothing of the week's text is logged.
 */

/** Longer than this is not the short paragraph the prompt asks for. */
const MAX_PARAGRAPH_LENGTH = 1500;

type ChatCompletion = { choices?: { message?: { content?: unknown } }[] };

export type AiParagraphInput = {
  locale: TLocale;
  weekStart: string;
  weekEnd: string;
  reflections: readonly PromptReflection[];
};

/** The paragraph cleaned of what a model may add despite the prompt: quotes around it, markdown emphasis. */
export function cleanParagraph(text: string): string {
  return text
    .trim()
    .replace(/^["“„'](.*)["”“']$/su, '$1')
    .replace(/\*\*|__/g, '')
    .replace(/\s*\n+\s*/g, ' ')
    .trim();
}

export async function writeParagraphWithAi(
  ai: AiConfig,
  input: AiParagraphInput,
  logger: Logger,
): Promise<string | null> {
  const started = performance.now();
  const fields = { model: ai.model, host: new URL(ai.url).host };
  try {
    const response = await fetch(`${ai.url}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(ai.apiKey ? { authorization: `Bearer ${ai.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: ai.model,
        temperature: 0.7,
        messages: [
          { role: 'system', content: insightSystemPrompt(input.locale) },
          { role: 'user', content: insightUserPrompt(input) },
        ],
      }),
      signal: AbortSignal.timeout(ai.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      logger.warn({ ...fields, status: response.status }, 'AI insight: the model answered with an error');
      return null;
    }
    const body = (await response.json()) as ChatCompletion;
    const content = body.choices?.[0]?.message?.content;
    const paragraph = typeof content === 'string' ? cleanParagraph(content) : '';
    if (paragraph === '' || paragraph.length > MAX_PARAGRAPH_LENGTH) {
      logger.warn({ ...fields, length: paragraph.length }, 'AI insight: the answer is not a paragraph');
      return null;
    }
    logger.info({ ...fields, ms: Math.round(performance.now() - started) }, 'AI insight written');
    return paragraph;
  } catch (error) {
    const reason = error instanceof Error ? error.name : 'unknown';
    logger.warn({ ...fields, reason, ms: Math.round(performance.now() - started) }, 'AI insight failed');
    return null;
  }
}
