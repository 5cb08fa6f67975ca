/** A piece of a page's text: a paragraph (its line breaks kept), or a list of items. */
export type TextBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

const LIST_ITEM = /^\s*- +/;

/**
 * A page's plain text as the owner typed it, in blocks: a blank line starts a new paragraph, and lines
 * starting "- " make a list (a line before them, such as "What we keep:", stays a paragraph of its own).
 * Nothing in the text is markup: it is drawn as text.
 */
export function textBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const chunks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.replace(/^\n+|\s+$/g, ''))
    .filter((chunk) => chunk.trim() !== '');
  for (const chunk of chunks) {
    let lines: string[] = [];
    let items: string[] = [];
    const endLines = () => {
      if (lines.length > 0) blocks.push({ kind: 'paragraph', text: lines.join('\n') });
      lines = [];
    };
    const endItems = () => {
      if (items.length > 0) blocks.push({ kind: 'list', items });
      items = [];
    };
    for (const line of chunk.split('\n')) {
      if (LIST_ITEM.test(line)) {
        endLines();
        items.push(line.replace(LIST_ITEM, '').trim());
      } else {
        endItems();
        lines.push(line.trimEnd());
      }
    }
    endLines();
    endItems();
  }
  return blocks;
}
