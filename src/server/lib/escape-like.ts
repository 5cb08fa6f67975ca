/** Text for a LIKE pattern, its wildcards (% and _) and the escape character taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
