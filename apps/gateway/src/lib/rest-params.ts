// The one encoding of REST paths and query strings: ids in a path are URL-encoded, and a query string
// leaves out absent and empty values (an empty filter is no filter), so no call builds its own.

/** What a query parameter may be given as; null, undefined, '' and false are left out. */
export type QueryValue = string | number | boolean | null | undefined;

/** A REST path with each interpolated value URL-encoded: path`/companies/${id}`. */
export function path(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  return strings.reduce((out, text, i) => out + encodeURIComponent(values[i - 1] ?? '') + text);
}

/** `a=1&b=2` of the values that are present, in the order given. */
export function queryString(values: Record<string, QueryValue>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === '' || value === false) continue;
    query.set(name, String(value));
  }
  return query.toString();
}

/** The path with the query string of the values that are present; the path alone when none is. */
export function withQuery(restPath: string, values: Record<string, QueryValue>): string {
  const query = queryString(values);
  return query ? `${restPath}?${query}` : restPath;
}

/** A list's paging arguments as GraphQL gives them (absent means the first page). */
export interface PageArgs {
  skip?: number | null;
  take?: number | null;
}

/** Skip and take of a page: from the first row, `defaultTake` rows when not given. */
export function paging({ skip, take }: PageArgs, defaultTake: number) {
  return { skip: skip ?? 0, take: take ?? defaultTake };
}

/** `{base}/{skip}/{take}` and the search's query string: a page of a REST list. */
export function pagePath(
  base: string,
  page: PageArgs,
  defaultTake: number,
  search: Record<string, QueryValue> = {},
): string {
  const { skip, take } = paging(page, defaultTake);
  return withQuery(`${base}/${skip}/${take}`, search);
}

/** A searchable, sortable list page, in REST values (`query`, `order`, `direction`). */
export interface ListQuery extends PageArgs {
  query?: string | null;
  order?: string;
  direction?: string;
}
