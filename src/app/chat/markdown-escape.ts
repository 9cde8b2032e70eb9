/**
 * Text shown inside a Markdown reply as plain text: every character Markdown could read as
 * syntax is escaped, so a memory (which an imported profile controls) cannot plant a link, an
 * image or HTML in a reply. A model's own reply is not escaped.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+\-.!|~&]/g, (c) => `\\${c}`).replace(/\n/g, ' ');
}
