// Decoded search indexes in memory, one per survey and index version (docs/ai.md "Search latency").
// Reading and decoding 23,000 entries took about half a second on PostgreSQL; a search now reads
// only the index's status row and uses the decoded copy while the status says the same version
// (`updatedAt`, `done` and the vector model: a rebuild or a delete in any API process changes or
// removes the row). Only index data is cached, never what a user may see: every search asks the
// anonymity gate afresh (gated-comments.ts), so releases, hidden comments and unit limits apply at
// once. The cache is bounded by memory (LRU), one load per version at a time.
import { LRUCache } from 'lru-cache';
import type { Db } from '../../../lib/db.js';
import { memoryIndexOf, type MemoryIndex } from './memory-index.js';
import type { IndexedDoc } from './retrieval.js';
import type { IndexStatus } from './search-index.js';

/** Memory the decoded indexes may hold per database: about ten 23,000-comment n-gram indexes. */
export const INDEX_CACHE_BYTES = 256 * 1024 * 1024;
/** Entries per row when loading: one row per entry costs far more (PGlite about 40 µs a row). */
const CHUNK = 1000;

interface Chunk {
  ids: string;
  terms: string;
  /** The comments' criteria (comments.criterion_id), for routing a question to criteria. */
  criteria: string;
  /** The chunk's vectors, concatenated, in base64: PGlite decodes a 1 MB bytea value several times
   * slower than the text (8.5 against 1.8 s for 23,000 vectors; PostgreSQL the same either way). */
  vectors: string;
  width: number;
  widest: number;
}

/** Reads a survey's index entries from the database and decodes them. */
export async function loadMemoryIndex(db: Db, surveyId: string): Promise<MemoryIndex> {
  // Terms never hold a newline (text.ts keeps letters, digits, ' and -), vectors are all one width.
  const chunks = await db.query<Chunk>(
    `SELECT string_agg(comment_id::text, ',' ORDER BY comment_id) AS ids,
            string_agg(terms, E'\\n' ORDER BY comment_id) AS terms,
            string_agg(criterion::text, ',' ORDER BY comment_id) AS criteria,
            encode(string_agg(vector, ''::bytea ORDER BY comment_id), 'base64') AS vectors,
            min(length(vector)) AS width, max(length(vector)) AS widest
       FROM (SELECT e.comment_id, e.terms, e.vector, COALESCE(c.criterion_id, 0) AS criterion,
                    (row_number() OVER (ORDER BY e.comment_id) - 1) / ${CHUNK} AS chunk
               FROM ai_index_entries e LEFT JOIN comments c ON c.id = e.comment_id
              WHERE e.index_survey_id = $1) entries
      GROUP BY chunk ORDER BY chunk`,
    [surveyId],
  );
  const docs: IndexedDoc[] = [];
  for (const chunk of chunks) {
    if (chunk.width !== chunk.widest || chunk.width % 4 !== 0)
      throw new Error(`index ${surveyId}: vectors of ${chunk.width}..${chunk.widest} bytes`);
    const ids = chunk.ids.split(',');
    const terms = chunk.terms.split('\n');
    const criteria = chunk.criteria.split(',');
    // A copy: Buffer's pool may place the bytes at an offset not aligned for Float32Array.
    const bytes = new Uint8Array(Buffer.from(chunk.vectors, 'base64'));
    const dimensions = chunk.width / 4;
    const floats = new Float32Array(bytes.buffer, 0, bytes.byteLength / 4);
    ids.forEach((id, i) =>
      docs.push({
        id,
        terms: terms[i] ? (terms[i] as string).split(' ') : [],
        vector: floats.subarray(i * dimensions, (i + 1) * dimensions),
        criterion: Number(criteria[i] ?? 0),
      }),
    );
  }
  return memoryIndexOf(docs);
}

const versionOf = (status: IndexStatus) =>
  `${status.surveyId}|${status.updatedAt}|${status.done}|${status.vectorModel}`;

export interface IndexCache {
  /** The decoded index of the version `status` describes (a ready index's status row). */
  get(status: IndexStatus): Promise<MemoryIndex>;
  /** Drops a survey's decoded index (this process rebuilt or deleted it). */
  evict(surveyId: string): void;
}

const caches = new WeakMap<Db, IndexCache>();

/** One cache per database, shared by every service over it. */
export function indexCache(db: Db): IndexCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = createCache(db)));
  return cache;
}

function createCache(db: Db): IndexCache {
  const lru = new LRUCache<string, MemoryIndex, IndexStatus>({
    maxSize: INDEX_CACHE_BYTES,
    sizeCalculation: (index) => Math.max(1, index.bytes),
    fetchMethod: (_version, _stale, { context }) => loadMemoryIndex(db, context.surveyId),
  });
  /** The version last asked for per survey; an older one is dropped at once. */
  const current = new Map<string, string>();
  return {
    async get(status) {
      const version = versionOf(status);
      const previous = current.get(status.surveyId);
      if (previous !== undefined && previous !== version) lru.delete(previous);
      current.set(status.surveyId, version);
      // A load whose version was dropped meanwhile (a newer one asked for) is aborted by the cache:
      // this search then loads for itself, uncached; a real failure fails that load too.
      const index = await lru.fetch(version, { context: status }).catch(() => undefined);
      return index ?? loadMemoryIndex(db, status.surveyId);
    },
    evict(surveyId) {
      const version = current.get(surveyId);
      if (version !== undefined) lru.delete(version);
      current.delete(surveyId);
    },
  };
}
