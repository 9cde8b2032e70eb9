/**
 * Engine prompts put their inputs in labelled sections ("### QUESTION" ...). Models read them
 * as ordinary markdown; the scripted test LLM reads them back with `readSection`.
 */

export function section(name: string, body: string): string {
  return `### ${name.toUpperCase()}\n${body.trim()}\n`;
}

/** The body of section `name` in `text`, or undefined when absent. */
export function readSection(text: string, name: string): string | undefined {
  const header = `### ${name.toUpperCase()}\n`;
  const start = text.indexOf(header);
  if (start < 0) return undefined;
  const bodyStart = start + header.length;
  const next = text.indexOf('\n### ', bodyStart - 1);
  return text.slice(bodyStart, next < 0 ? undefined : next).trim();
}
