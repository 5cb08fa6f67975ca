/** Text a person wrote, safe inside HTML (element content and quoted attribute values). */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * A document with markup added at the end of its head. The markup goes in as it is: given as a string,
 * String.replace would read `$'`, `$&` and the like in it (a part's name, say) as references to the
 * document and copy parts of it into the head.
 */
export const withHeadEnd = (html: string, markup: string) =>
  html.replace('</head>', () => `${markup}</head>`);
