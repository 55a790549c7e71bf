// Look-ahead into the query: lets a resolver start a read its child fields will need while its own
// read is still under way.
import {
  getArgumentValues,
  getNamedType,
  isObjectType,
  Kind,
  type FieldNode,
  type GraphQLResolveInfo,
  type SelectionSetNode,
} from 'graphql';

/**
 * True when the query selects `name` on the value the current field returns, directly or through
 * fragments. `@skip`/`@include` are not evaluated: a skipped field counts as selected, which at
 * worst starts one read nobody uses.
 */
export function selectsField(info: GraphQLResolveInfo, name: string): boolean {
  return selectedFields(info, name).length > 0;
}

/**
 * The arguments (variables and defaults applied) of every `name` field the query selects on the
 * value the current field returns, e.g. each aliased `participants(skip:, take:)` of a survey.
 */
export function selectedFieldArguments(
  info: GraphQLResolveInfo,
  name: string,
): Record<string, unknown>[] {
  const type = getNamedType(info.returnType);
  const field = isObjectType(type) ? type.getFields()[name] : undefined;
  if (!field) return [];
  return selectedFields(info, name).map((node) =>
    getArgumentValues(field, node, info.variableValues),
  );
}

function selectedFields(info: GraphQLResolveInfo, name: string): FieldNode[] {
  const seen = new Set<string>();
  const found: FieldNode[] = [];
  const visit = (set: SelectionSetNode | undefined): void => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === name) found.push(selection);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        visit(info.fragments[selection.name.value]?.selectionSet);
      }
    }
  };
  for (const node of info.fieldNodes) visit(node.selectionSet);
  return found;
}
