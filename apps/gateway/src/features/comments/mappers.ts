// The REST shapes (docs/rest-api.md, Comment moderation; defined in rest.ts) the comment GraphQL
// types resolve from.
export type { CommentDto } from './rest.js';
