/** "20L5, 20L6" → ["20L5", "20L6"]: the form types aliases on one line, the API takes a list. */
export const splitAliasesText = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((alias) => alias.trim())
        .filter(Boolean)
    : [];
