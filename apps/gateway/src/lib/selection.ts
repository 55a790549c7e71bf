// Look-ahead into the query: lets a resolver start a read its child fields will need while its own
// read is still under way.
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/**
 * True when the query selects `name` on the value the current field returns, directly or through
 * fragments. `@skip`/`@include` are not evaluated: a skipped field counts as selected, which at
 * worst starts one read nobody uses.
 */
export function selectsField(info: GraphQLResolveInfo, name: string): boolean {
  const seen = new Set<string>();
  const visit = (set: SelectionSetNode | undefined): boolean =>
    (set?.selections ?? []).some((selection) => {
      if (selection.kind === Kind.FIELD) return selection.name.value === name;
      if (selection.kind === Kind.INLINE_FRAGMENT) return visit(selection.selectionSet);
      const fragment = selection.name.value;
      if (seen.has(fragment)) return false;
      seen.add(fragment);
      return visit(info.fragments[fragment]?.selectionSet);
    });
  return info.fieldNodes.some((node) => visit(node.selectionSet));
}
