import { describe, expect, it } from 'vitest';
import { commandOutput } from '../../../test/support/command-output';
import { progressOn } from './progress';

describe('progress of a long command', () => {
  it('draws a bar per phase on a terminal, with its share and count', () => {
    const output = commandOutput(true);
    const progress = progressOn(output.stream);
    progress.update('Checking', 0, 200, 'rows');
    progress.update('Checking', 200, 200, 'rows');
    progress.update('Writing', 0, 200, 'parts');
    progress.update('Writing', 50, 200, 'parts');
    progress.stop();
    const text = output.text();
    expect(text).toMatch(/Checking \[█{30}\] 100% \| 200\/200 rows/);
    expect(text).toMatch(/Writing {2}\[█{8}░{22}\] 25% \| 50\/200 parts/);
    // Redrawn in place: back to the line's start, and the rest of the line cleared.
    expect(text).toContain('\x1b[1GWriting');
    expect(text).toContain('\x1b[0K');
  });

  it('writes a plain line per tenth of each phase when the output is not a terminal', () => {
    const output = commandOutput(false);
    const progress = progressOn(output.stream);
    for (let done = 0; done <= 1000; done += 50) progress.update('Writing', done, 1000, 'parts');
    progress.stop();
    const lines = output.text().trimEnd().split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('Writing: 0% (0/1000 parts)');
    expect(lines.at(-1)).toBe('Writing: 100% (1000/1000 parts)');
    expect(output.text()).not.toContain('█');
  });
});
