// What the scale-out test sends: the web app's own operations (its .graphql files, fragments
// included), posted over keep-alive connections from a chosen loopback address, so the load and the
// sign-in check arrive from different clients.
import { Agent, request } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Kind, parse, print, visit, type DefinitionNode, type DocumentNode } from 'graphql';
import { repoRoot } from './processes.js';

/** Where the web app's documents are, as codegen reads them (the slides' fragments are shared). */
const DOCUMENT_ROOTS = ['apps/web/src', 'packages/report-slides/src'];

/** Every operation and fragment of the web app, by name. */
async function webDefinitions(): Promise<Map<string, DefinitionNode>> {
  const definitions = new Map<string, DefinitionNode>();
  for (const root of DOCUMENT_ROOTS.map((dir) => path.join(repoRoot, dir))) {
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.graphql'));
    for (const file of files) {
      for (const definition of parse(await readFile(path.join(root, file), 'utf8'), {
        noLocation: true,
      }).definitions)
        if ('name' in definition && definition.name)
          definitions.set(definition.name.value, definition);
    }
  }
  return definitions;
}

const spreads = (definition: DefinitionNode): string[] => {
  const names: string[] = [];
  visit(definition, { FragmentSpread: (node) => void names.push(node.name.value) });
  return names;
};

/** The query text of the web app's operations `names`, each with the fragments it spreads. */
export async function webOperations<N extends string>(names: N[]): Promise<Record<N, string>> {
  const definitions = await webDefinitions();
  const textOf = (name: string): string => {
    const needed = new Set([name]);
    for (const current of needed) {
      const definition = definitions.get(current);
      if (!definition) throw new Error(`the web app has no operation or fragment ${current}`);
      for (const fragment of spreads(definition)) needed.add(fragment);
    }
    const document: DocumentNode = {
      kind: Kind.DOCUMENT,
      definitions: [...needed].map((n) => definitions.get(n) as DefinitionNode),
    };
    return print(document);
  };
  return Object.fromEntries(names.map((name) => [name, textOf(name)])) as Record<N, string>;
}

export interface GraphqlAnswer {
  status: number;
  /** The HAProxy server that answered (x-served-by). */
  servedBy: string;
  body: { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };
}

/** A GraphQL client whose connections leave from `localAddress` (127.0.0.1 unless said). */
export function graphqlClient(url: string, localAddress = '127.0.0.1') {
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const endpoint = new URL('/graphql', url);
  return {
    post(
      query: string,
      variables: Record<string, unknown> = {},
      token?: string,
      headers: Record<string, string> = {},
    ) {
      const body = JSON.stringify({ query, variables });
      return new Promise<GraphqlAnswer>((resolve, reject) => {
        const req = request(
          endpoint,
          {
            method: 'POST',
            agent,
            localAddress,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...headers,
            },
            timeout: 60_000,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('error', reject);
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString();
              let parsed: GraphqlAnswer['body'];
              try {
                parsed = JSON.parse(text) as GraphqlAnswer['body'];
              } catch {
                parsed = { errors: [{ extensions: { code: `not JSON: ${text.slice(0, 200)}` } }] };
              }
              resolve({
                status: res.statusCode ?? 0,
                servedBy: String(res.headers['x-served-by'] ?? ''),
                body: parsed,
              });
            });
          },
        );
        req.on('timeout', () => req.destroy(new Error('no answer within 60 s')));
        req.on('error', reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

export type GraphqlClient = ReturnType<typeof graphqlClient>;
