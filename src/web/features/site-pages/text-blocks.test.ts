import { describe, expect, it } from 'vitest';
import { textBlocks } from './text-blocks';

describe('a page’s text in blocks', () => {
  it('makes a paragraph of each run of lines between blank lines, keeping its line breaks', () => {
    expect(textBlocks('First line\nsame paragraph\n\n\n  \nSecond\r\n\r\nThird  ')).toEqual([
      { kind: 'paragraph', text: 'First line\nsame paragraph' },
      { kind: 'paragraph', text: 'Second' },
      { kind: 'paragraph', text: 'Third' },
    ]);
  });

  it('makes a list of lines starting "- ", the line before them a paragraph of its own', () => {
    expect(textBlocks('What we keep:\n- your name\n-  your address\nThat is all.\n\n- one')).toEqual([
      { kind: 'paragraph', text: 'What we keep:' },
      { kind: 'list', items: ['your name', 'your address'] },
      { kind: 'paragraph', text: 'That is all.' },
      { kind: 'list', items: ['one'] },
    ]);
  });

  it('keeps markup and other dashes as the text they are', () => {
    expect(textBlocks('<script>alert(1)</script>\n-5 °C\n— a quote')).toEqual([
      { kind: 'paragraph', text: '<script>alert(1)</script>\n-5 °C\n— a quote' },
    ]);
    expect(textBlocks('   \n\n')).toEqual([]);
  });
});
