// graphql-schema-linter's enum-values-all-caps, except for values marked @deprecated: an enum value
// renamed to ALL_CAPS keeps its earlier spelling, deprecated, until the removal date its reason names
// (packages/schema/README.md, Deprecations). Loaded by the linter through `customRulePaths`.
'use strict';

// The linter require()s its rules, so this one is CommonJS too.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ValidationError } = require('graphql-schema-linter/lib/validation_error');

const isDeprecated = (node) =>
  (node.directives ?? []).some((directive) => directive.name.value === 'deprecated');

function EnumValuesAllCapsUnlessDeprecated(context) {
  return {
    EnumValueDefinition(node, _key, _parent, _path, ancestors) {
      const name = node.name.value;
      if (name === name.toUpperCase() || isDeprecated(node)) return;
      const enumName = ancestors[ancestors.length - 1].name.value;
      context.reportError(
        new ValidationError(
          'enum-values-all-caps-unless-deprecated',
          `The enum value \`${enumName}.${name}\` should be uppercase (or @deprecated in favour of one that is).`,
          [node],
        ),
      );
    },
  };
}

module.exports = { EnumValuesAllCapsUnlessDeprecated };
