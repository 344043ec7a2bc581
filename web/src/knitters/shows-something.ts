/**
 * A character that shows something by itself: not a Default_Ignorable_Code_Point one (joiners,
 * selectors, tags, Hangul fillers), a format, unassigned or surrogate code point, whitespace, a
 * control or the braille blank (U+2800, a symbol whose glyph is empty). The API refuses a name or
 * a text with none of them (empty_field), by the same Unicode properties, so the form disables
 * its button for what the API would refuse rather than answer it with a failure. Where the
 * browser's Unicode edition is newer than the server's, a character it knows may still be
 * refused as unassigned there: the form then shows its failure message.
 */
const SHOWING = /[^\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cn}\p{Cs}\p{White_Space}\p{Cc}\u2800]/u;

/** Whether text holds a character that shows something. */
export function showsSomething(text: string): boolean {
  return SHOWING.test(text);
}
