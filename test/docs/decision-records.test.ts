import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = 'docs/decisions';
const records = readdirSync(DIR).filter((name) => /^\d{3}-.+\.md$/.test(name));
const read = (name: string) => readFileSync(join(DIR, name), 'utf8');
/** A record's status line (with its continuation lines), as one line. */
const statusOf = (text: string) => /^- Status: (.*(?:\n {2}.*)*)/m.exec(text)?.[1]?.split(/\s+/).join(' ');

describe('decision records', () => {
  it('each have a title, a date and a status; a superseded one names a record that exists', () => {
    for (const name of records) {
      const text = read(name);
      expect(text, name).toMatch(new RegExp(`^# ${name.slice(0, 3)} — \\S`));
      expect(text, name).toMatch(/^- Date: \d{4}-\d{2}-\d{2}$/m);
      const status = statusOf(text);
      expect(status, name).toMatch(/^(accepted|Superseded by \d{3})/);
      const successor = /^Superseded by (\d{3})/.exec(status ?? '')?.[1];
      if (successor)
        expect(
          records.some((other) => other.startsWith(`${successor}-`)),
          name,
        ).toBe(true);
    }
  });

  it('are listed in the index, each once, with the status the record gives', () => {
    const index = read('README.md');
    for (const name of records) {
      const row = index.split('\n').filter((line) => line.includes(`(${name})`));
      expect(row, name).toHaveLength(1);
      expect(row[0], name).toContain(`| ${statusOf(read(name))} |`);
    }
    const listed = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((match) => match[1]);
    expect(listed.filter((name) => !records.includes(name!))).toEqual([]);
  });

  it('cite only what is in the repository: no documents kept outside it, no issue numbers', () => {
    for (const name of [...records, 'README.md', 'template.md']) {
      const text = read(name);
      expect(text, name).not.toMatch(/ARCHITECTURE\.md|PARTS-DOMAIN\.md|\.\.\/shared\/|\b[Ii]ssues? \d+/);
    }
  });
});
