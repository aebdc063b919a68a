/**
 * The generative provider over an OpenAI-compatible chat-completions endpoint (OpenAI itself, or a local
 * server such as Ollama or llama.cpp at http://127.0.0.1:11434/v1). It sends only what the core hands it:
 * the system prompt and the question with the numbered excerpts. Every failure throws an Error whose
 * message is one short reason, never containing the key; the answer engine then falls back and says so.
 */
import { Agent, request, errors as undiciErrors } from 'undici';
import {
  type GenerativeProvider,
  type GenerativeRequest,
  SYSTEM_PROMPT,
  userMessage,
} from '../core/answers/generative.js';

export interface ChatCompletionsOptions {
  /** The API base, e.g. https://api.openai.com/v1; requests go to {baseUrl}/chat/completions. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer KEY`; without one no Authorization header is sent. */
  apiKey?: string;
  /** How long to wait for a connection (default 10 s). */
  connectTimeoutMs?: number;
  /** How long the whole exchange may take, from sending to the last byte of the response (default 60 s). */
  responseTimeoutMs?: number;
}

/** The longest part of a server's own error message quoted in a reason. */
const MAX_QUOTED = 160;

class ProviderError extends Error {
  override name = 'ProviderError';
}

export class ChatCompletionsProvider implements GenerativeProvider {
  readonly name: string;
  private readonly endpoint: string;
  private readonly connectTimeoutMs: number;
  private readonly responseTimeoutMs: number;

  constructor(private readonly options: ChatCompletionsOptions) {
    const base = new URL(options.baseUrl);
    this.name = `${options.model} at ${base.host}`;
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
    this.responseTimeoutMs = options.responseTimeoutMs ?? 60_000;
  }

  async write(input: GenerativeRequest): Promise<string> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': 'application/json',
    };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    const body = JSON.stringify({
      model: this.options.model,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: userMessage(input) },
      ],
      temperature: 0,
    });
    // One answer is one request, slow next to a connection: an agent per request keeps no socket open
    // after it, so neither a command nor `pulse serve` has anything to close.
    const agent = new Agent({ connect: { timeout: this.connectTimeoutMs } });
    const deadline = AbortSignal.timeout(this.responseTimeoutMs);
    try {
      const response = await request(this.endpoint, {
        method: 'POST',
        headers,
        body,
        dispatcher: agent,
        signal: deadline,
      });
      const text = await response.body.text();
      if (response.statusCode < 200 || response.statusCode > 299) {
        throw new ProviderError(this.statusReason(response.statusCode, text));
      }
      return contentOf(text);
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      throw new ProviderError(this.networkReason(error, deadline));
    } finally {
      await agent.destroy().catch(() => {});
    }
  }

  private statusReason(status: number, text: string): string {
    if ((status === 401 || status === 403) && !this.options.apiKey) {
      return `HTTP ${status}: the endpoint wants a key (pulse ask key set, or PULSE_ASK_KEY)`;
    }
    if (status === 401) return 'HTTP 401: the endpoint refused the key';
    const quoted = this.redact(serverMessage(text));
    return quoted ? `HTTP ${status}: ${quoted}` : `HTTP ${status}`;
  }

  private networkReason(error: unknown, deadline: AbortSignal): string {
    const host = new URL(this.endpoint).host;
    if (deadline.aborted) return `no answer from ${host} within ${seconds(this.responseTimeoutMs)}`;
    if (error instanceof undiciErrors.ConnectTimeoutError) {
      return `no connection to ${host} within ${seconds(this.connectTimeoutMs)}`;
    }
    const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    // Node's codes (ECONNREFUSED, ENOTFOUND) say it best; undici's (UND_ERR_SOCKET) less than its message.
    const detail = code && !code.startsWith('UND_ERR') ? code : ((error as Error).message ?? String(error));
    return this.redact(`cannot reach ${host} (${firstLine(detail)})`);
  }

  /** Whatever a server or a library says goes through here: the key never leaves in a reason. */
  private redact(text: string): string {
    const key = this.options.apiKey;
    return key ? text.split(key).join('[redacted]') : text;
  }
}

/** The answer's text: choices[0].message.content of a chat completion. */
function contentOf(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProviderError('the response was not JSON');
  }
  const choices = (parsed as { choices?: unknown } | null)?.choices;
  if (!Array.isArray(choices) || choices.length === 0) throw new ProviderError('the response had no choices');
  const content = (choices[0] as { message?: { content?: unknown } } | null)?.message?.content;
  if (typeof content !== 'string') throw new ProviderError('the response had no message content');
  return content;
}

/** The `error.message` (OpenAI's shape) or `error` string of an error body, on one line, shortened. */
function serverMessage(text: string): string {
  let message: unknown;
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown } | null;
    message =
      typeof body?.error === 'string'
        ? body.error
        : ((body?.error as { message?: unknown } | undefined)?.message ?? body?.message);
  } catch {
    return '';
  }
  if (typeof message !== 'string') return '';
  const line = firstLine(message).trim();
  return line.length > MAX_QUOTED ? `${line.slice(0, MAX_QUOTED - 1)}…` : line;
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0] as string;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
