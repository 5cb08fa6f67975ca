import { describe, expect, it } from 'vitest';
import '#shared/zod-setup.ts';
import { humanText, optionalHumanText } from './text';

const name = humanText({ label: 'Name', max: 20 });
const message = humanText({ label: 'Message', min: 5, max: 200, multiline: true });
const location = optionalHumanText({ label: 'Location', max: 10 });

const errorOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('the shared text rule', () => {
  it('trims white space and invisible characters at the ends', () => {
    expect(name.parse('  Ada Lovelace \u200B\uFEFF')).toBe('Ada Lovelace');
    expect(location.parse('  Paris  ')).toBe('Paris');
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['white space only', ' \t  '],
    ['zero-width characters only', '\u200B\u200C\u200D\u2060\uFEFF'],
  ])('says a required field is required when %s', (_, value) => {
    expect(errorOf(name.safeParse(value))).toBe('Name is required');
  });

  it.each([
    ['a Hangul filler', '\u3164'],
    ['Hangul choseong and jungseong fillers', '\u115F\u1160'],
    ['a halfwidth Hangul filler', '\uFFA0'],
    ['a blank Braille pattern', '\u2800\u2800'],
    ['fillers between spaces and zero-width characters', ' \u3164\u200B \u2800 \u180E\u034F'],
  ])('refuses text made only of %s, which draws nothing', (_, value) => {
    expect(errorOf(name.safeParse(value))).toBe('Name must contain visible characters');
    expect(errorOf(message.safeParse(`${value}${value}${value}${value}${value}`))).toBe(
      'Message must contain visible characters',
    );
    expect(errorOf(location.safeParse(value))).toBe('Location must contain visible characters');
  });

  it('lets fillers stand beside visible characters (Korean text uses U+3164)', () => {
    expect(errorOf(name.safeParse('Ada\u3164Lovelace'))).toBeNull();
    expect(errorOf(name.safeParse('\u2800x'))).toBeNull();
    expect(errorOf(name.safeParse('\u1100\u1160'))).toBeNull();
  });

  it('bounds the length, after trimming', () => {
    expect(errorOf(name.safeParse('x'.repeat(21)))).toBe('Name must be at most 20 characters');
    expect(errorOf(name.safeParse(`  ${'x'.repeat(20)}  `))).toBeNull();
    expect(errorOf(name.safeParse('x'.repeat(10_000)))).toBe('Name must be at most 20 characters');
    expect(errorOf(message.safeParse('abcd'))).toBe('Message must be at least 5 characters');
  });

  it.each([
    ['a NUL', 'Ada\u0000'],
    ['a bell', 'Ada\u0007Lovelace'],
    ['an escape sequence', 'Ada\u001B[31m'],
    ['a C1 control', 'Ada\u0085'],
    ['a line break in a one-line field', 'Ada\nLovelace'],
  ])('refuses %s', (_, value) => {
    expect(errorOf(name.safeParse(value))).toBe('Name must not contain control characters');
  });

  it.each([
    ['a right-to-left override', 'invoice\u202Efdp.exe'],
    ['a left-to-right isolate', 'Ada\u2066Lovelace'],
  ])('refuses %s', (_, value) => {
    expect(errorOf(name.safeParse(value))).toBe('Name must not contain text-direction characters');
  });

  it('lets multi-line text keep its line breaks and tabs, and real-world names through', () => {
    expect(message.parse('Line one\r\n\tLine two')).toBe('Line one\r\n\tLine two');
    for (const real of ['José Ñúñez', 'محمد', '王小明', 'Zoë 👩‍💻', "O'Brien-Smith"]) {
      expect(errorOf(name.safeParse(real)), real).toBeNull();
    }
  });

  it('lets optional text be left out', () => {
    expect(location.parse(undefined)).toBe('');
    expect(location.parse('  ')).toBe('');
    expect(errorOf(location.safeParse('x'.repeat(11)))).toBe('Location must be at most 10 characters');
  });
});
