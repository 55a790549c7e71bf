// Tests only (features/ai): a local OpenAI-compatible server on loopback standing in for a paid provider (the one
// fake the team allows). It answers /chat/completions (JSON-schema output, tool calls) and
// /embeddings from what the request holds, and keeps every request so tests can check what left.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeProvider {
  baseUrl: string;
  /** Every request body, in order. */
  requests: { path: string; body: Record<string, unknown> }[];
  /** Text of every message and input that reached the server. */
  sentText(): string;
  close(): Promise<void>;
}

interface Message {
  role: string;
  content?: unknown;
}

export interface FakeOptions {
  /** The agent keeps calling tools and never answers (tests the step bound). */
  loopTools?: boolean;
  /** Answers with HTTP 500 (tests error mapping). */
  fail?: boolean;
  /** The tools the agent's first step calls (default: searchComments for 'leadership'). */
  toolCalls?: { name: string; arguments: Record<string, unknown> }[];
}

const read = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
};

const textOf = (messages: Message[]) =>
  messages
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? '')))
    .join('\n');

/** `[id] (type; criterion) text` lines, as the provider engine writes them. */
const commentLines = (text: string) =>
  [...text.matchAll(/^\[([^\]]+)\] \(([^)]*)\) (.*)$/gm)].map((m) => ({
    id: m[1] ?? '',
    text: m[3] ?? '',
  }));

function vector(text: string): number[] {
  const v = new Array<number>(32).fill(0);
  for (const word of text.toLowerCase().split(/\W+/).filter(Boolean)) {
    let h = 7;
    for (const ch of word) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    v[h % 32] = (v[h % 32] ?? 0) + 1;
  }
  return v;
}

export async function startFakeProvider(options: FakeOptions = {}): Promise<FakeProvider> {
  const requests: FakeProvider['requests'] = [];
  let toolCalls = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      const path = req.url ?? '';
      requests.push({ path, body });
      res.setHeader('content-type', 'application/json');
      if (options.fail) {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: { message: 'fake failure' } }));
        return;
      }
      const usage = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 };
      if (path.endsWith('/embeddings')) {
        const input = body.input as string[];
        res.end(
          JSON.stringify({
            object: 'list',
            data: input.map((text, index) => ({
              object: 'embedding',
              index,
              embedding: vector(text),
            })),
            model: body.model,
            usage: { prompt_tokens: input.length * 10, total_tokens: input.length * 10 },
          }),
        );
        return;
      }
      const messages = body.messages as Message[];
      const prompt = textOf(messages);
      const lines = commentLines(prompt);
      const tools = body.tools as unknown[] | undefined;
      const hasToolResult = messages.some((m) => m.role === 'tool');
      let message: Record<string, unknown>;
      if (tools && (options.loopTools || !hasToolResult)) {
        toolCalls += 1;
        message = {
          role: 'assistant',
          content: null,
          tool_calls: (
            options.toolCalls ?? [{ name: 'searchComments', arguments: { query: 'leadership' } }]
          ).map((call, i) => ({
            id: `call_${toolCalls}_${i}`,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          })),
        };
      } else {
        const format = body.response_format as {
          json_schema?: { schema?: { properties?: object } };
        };
        const properties = Object.keys(format?.json_schema?.schema?.properties ?? {});
        let content: unknown;
        if (properties.includes('translations'))
          content = {
            translations: lines.map((l) => ({
              id: l.id,
              translatedText: `EN: ${l.text}`,
              originalText: l.text,
              originalTextLanguage: 'fi',
              originalTextConfidence: 0.9,
            })),
          };
        else if (properties.includes('citedIds'))
          content = {
            response: `Answer from ${lines.length} comments.`,
            citedIds: [...lines.slice(0, 2).map((l) => l.id), 'invented-id'],
            entities: ['leadership'],
            followUpQuestions: ['What about pay?'],
          };
        else content = { summary: `Summary of ${lines.length} comments.`, keyPhrases: ['fake'] };
        message = { role: 'assistant', content: JSON.stringify(content) };
      }
      res.end(
        JSON.stringify({
          id: 'fake',
          object: 'chat.completion',
          created: 0,
          model: body.model,
          choices: [
            {
              index: 0,
              message,
              finish_reason: message.tool_calls ? 'tool_calls' : 'stop',
            },
          ],
          usage,
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    sentText: () => requests.map((r) => JSON.stringify(r.body)).join('\n'),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
