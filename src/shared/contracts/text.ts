import { z } from 'zod';

/**
 * The one rule for text that people type and other people read (names, locations, reviews, feedback,
 * profile and product texts): trimmed (invisible characters at the ends too), not blank when required,
 * with at least one visible character when given, bounded, and free of control characters and of the
 * bidirectional overrides that make text display in another order than it is stored (the "Trojan
 * Source" trick).
 */

/** White space and characters that draw nothing (zero-width space and joiners, word joiner, BOM). */
const EDGE_INVISIBLE = /^[\s\u200B-\u200D\u2060\uFEFF\u00AD]+|[\s\u200B-\u200D\u2060\uFEFF\u00AD]+$/g;
/** C0 and C1 control characters; single-line text allows none, multi-line text allows tab and newlines. */
const SINGLE_LINE_CONTROL = /\p{Cc}/u;
const MULTI_LINE_CONTROL = /[^\P{Cc}\t\n\r]/u;
/** Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/**
 * A character that draws something: not white space, not one of Unicode's default-ignorable characters
 * (zero-width characters, joiners, variation selectors, the Hangul fillers U+115F, U+1160, U+3164 and
 * U+FFA0, U+180E…), not the blank Braille pattern U+2800. Text made only of those looks empty but is not:
 * a "name" nobody can see or tell apart from another. Control characters count as visible here so that
 * their own, clearer message answers them.
 */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]/u;
const hasVisibleCharacter = (value: string) => value === '' || VISIBLE.test(value);

export const trimText = (value: string) => value.replace(EDGE_INVISIBLE, '');

export interface TextRule {
  /** The field's label as people see it, e.g. "Name". */
  label: string;
  max: number;
  /** At least this many characters (default 1: not blank). Ignored for optional text left empty. */
  min?: number;
  /** Allows line breaks and tabs (reviews, messages, descriptions). */
  multiline?: boolean;
  messages?: { required?: string; min?: string; max?: string };
}

/** Refuses the characters no person types on purpose. */
function visibleCharactersOnly(schema: z.ZodString, label: string, multiline: boolean) {
  return schema
    .refine(
      (value) => !(multiline ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL).test(value),
      `${label} must not contain control characters`,
    )
    .refine((value) => !BIDI_CONTROL.test(value), `${label} must not contain text-direction characters`);
}

/** Required text: `label is required` when missing or blank. */
export function humanText({ label, max, min = 1, multiline = false, messages = {} }: TextRule) {
  const required = messages.required ?? `${label} is required`;
  const bounded = z
    .string({ error: required })
    .overwrite(trimText)
    .min(1, required)
    .refine(hasVisibleCharacter, `${label} must contain visible characters`)
    .min(min, messages.min ?? `${label} must be at least ${min} characters`)
    .max(max, messages.max ?? `${label} must be at most ${max} characters`);
  return visibleCharactersOnly(bounded, label, multiline);
}

/** Optional text: may be left out or empty (then ''), otherwise the same rule. */
export function optionalHumanText({ label, max, multiline = false, messages = {} }: Omit<TextRule, 'min'>) {
  const bounded = z
    .string()
    .overwrite(trimText)
    .refine(hasVisibleCharacter, `${label} must contain visible characters`)
    .max(max, messages.max ?? `${label} must be at most ${max} characters`);
  return visibleCharactersOnly(bounded, label, multiline).default('');
}
