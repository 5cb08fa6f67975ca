import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvText, spreadsheetCsv } from './spreadsheet-csv';

const write = (cells: string[]) => text(Readable.from([cells]).pipe(spreadsheetCsv({ header: false })));

describe('the shop’s spreadsheet CSV', () => {
  it('quotes a cell holding any separator a spreadsheet may split on, a quote or a line break', async () => {
    expect(await write(['a,b', 'a;b', 'a\tb', 'say "hi"', 'a\nb', 'a\rb', 'plain'])).toBe(
      '"a,b","a;b","a\tb","say ""hi""","a\nb","a\rb",plain\r\n',
    );
  });

  it('turns a cell that would start a formula into quoted text', async () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', 'ok', "'kept"].map(csvText)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      'ok',
      "'kept",
    ]);
    expect(await write([csvText('=1+1'), csvText('Acme;=1+1')])).toBe(`"'=1+1","Acme;=1+1"\r\n`);
  });

  it('writes a phone number as it is, quoted, and anything more than one as a formula kept as text', async () => {
    expect(['+1 555 0100', '+44 (20) 7946-0958', '+1+1', '+123', '+1 555 0100 =cmd'].map(csvText)).toEqual([
      '+1 555 0100',
      '+44 (20) 7946-0958',
      "'+1+1",
      "'+123",
      "'+1 555 0100 =cmd",
    ]);
    expect(await write([csvText('+1 555 0100')])).toBe('"+1 555 0100"\r\n');
  });
});
