// The comments of one section and criterion a page at a time: the first page once the list is near
// the screen, the next on `more()`. Every page is read from the network, so a comment an Admin hid
// is gone the next time the page opens. The component using this is keyed by the set, language and
// L-index range: a change starts the pages over.
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState, type RefCallback } from 'react';
import {
  CommentPagesDocument,
  type CommentPagesQueryVariables,
  type CommentSections_CommentFragment,
  type CommentType,
} from '../../../__generated__/graphql';
import type { Section } from './commentRules';

/** Comments per page: a few screens of text, and 50,000 participants' comments stay out of reach. */
export const COMMENT_PAGE_SIZE = 50;

/** What the pages are of: the first set, the report language and the chosen L-index range. */
export type CommentPageSource = Pick<
  CommentPagesQueryVariables,
  'sets' | 'language' | 'indexRange'
>;

const TYPES: Record<Section, CommentType> = {
  positive: 'POSITIVE',
  negative: 'NEGATIVE',
  neutral: 'NEUTRAL',
};

export interface CommentPages {
  comments: readonly CommentSections_CommentFragment[];
  /** A further page exists. */
  hasMore: boolean;
  loading: boolean;
  error: unknown;
  more: () => void;
  /** The ids of all the criterion's comments (of the range) up to `max`, in the list's order. */
  readIds: (max: number) => Promise<readonly string[]>;
}

/** The most comments a page may hold (the API's limit): reading ids for the AI goes by these. */
const LARGEST_PAGE = 200;

interface Page {
  comments: readonly CommentSections_CommentFragment[];
  next: string | null;
}

interface Held {
  comments: CommentSections_CommentFragment[];
  next: string | null;
  loading: boolean;
  error: unknown;
}

export function useCommentPages(
  source: CommentPageSource,
  section: Section,
  criterion: number,
  enabled: boolean,
): CommentPages {
  const client = useApolloClient();
  const [held, setHeld] = useState<Held>({ comments: [], next: null, loading: false, error: null });
  const started = useRef(false);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  const fetchPage = useCallback(
    async (after: string | null, first: number): Promise<Page> => {
      const { data } = await client.query({
        query: CommentPagesDocument,
        variables: { ...source, type: TYPES[section], criterion, after, first },
        fetchPolicy: 'network-only',
      });
      const page = data?.report?.commentPage;
      return { comments: page?.comments ?? [], next: page?.next ?? null };
    },
    [client, source, section, criterion],
  );

  const load = useCallback(
    async (after: string | null) => {
      setHeld((now) => ({ ...now, loading: true, error: null }));
      try {
        const page = await fetchPage(after, COMMENT_PAGE_SIZE);
        if (!live.current) return;
        setHeld((now) => ({
          comments: [...now.comments, ...page.comments],
          next: page.next,
          loading: false,
          error: null,
        }));
      } catch (error) {
        if (live.current) setHeld((now) => ({ ...now, loading: false, error }));
      }
    },
    [fetchPage],
  );

  const readIds = useCallback(
    async (max: number) => {
      const ids: string[] = [];
      let after: string | null = null;
      do {
        const page: Page = await fetchPage(after, Math.min(LARGEST_PAGE, max - ids.length));
        ids.push(...page.comments.map((comment) => comment.id));
        after = page.next;
      } while (after && ids.length < max);
      return ids;
    },
    [fetchPage],
  );

  useEffect(() => {
    if (!enabled || started.current) return;
    started.current = true;
    void load(null);
  }, [enabled, load]);

  return {
    comments: held.comments,
    hasMore: held.next !== null,
    loading: held.loading,
    error: held.error,
    more: () => {
      if (held.next && !held.loading) void load(held.next);
    },
    readIds,
  };
}

/**
 * Whether the element has come near the screen (within a screen's height): a long section's lists
 * load as the reader scrolls to them. Without IntersectionObserver, at once.
 */
export function useNearScreen<T extends Element>(): [RefCallback<T>, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [node, setNode] = useState<T | null>(null);
  useEffect(() => {
    if (!node || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, near]);
  return [setNode, near];
}
