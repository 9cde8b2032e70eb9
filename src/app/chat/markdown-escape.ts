/**
 * Text shown inside a Markdown reply as plain text: every character Markdown could read as
 * syntax is escaped, so a memory (which an imported profile controls) cannot plant a link, an
 * image or HTML in a reply. A model's own reply is not escaped.
 */
export function escapeMarkdown(text: string): string {
  const inline = text.replace(/\s*\n\s*/g, ' ').replace(/[\\`*_[\]()<>!|~&]/g, (c) => `\\${c}`);
  // A heading, quote or list mark only counts at the start of the text (a line's start).
  return /^(?:[#+\-=]|\d+[.)])/.test(inline) ? `\\${inline}` : inline;
}
