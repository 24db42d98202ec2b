/**
 * The bodies of the fenced code blocks of a Markdown text whose info string is
 * exactly `language` (```` ```js ````, not ```` ```json ````), in the order they
 * appear, each with its final newline and without the fences.
 */
export function fencedBlocks(markdown: string, language: string): string[] {
  const fence = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g');
  return [...markdown.matchAll(fence)].map((match) => match[1] ?? '');
}
