/**
 * A job's `pattern:` as a test of a file's name (not a path: a pattern picks among one folder's
 * files). `*`, `?`, `[abc]`, `[!abc]` and `{a,b}` as in a shell; anything else stands for itself.
 * Written here rather than taken from a library because a name-only glob is this small.
 */
export function globTest(pattern: string): (name: string) => boolean {
  let source = '';
  let inBraces = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end === -1) source += '\\[';
      else {
        const body = pattern.slice(i + 1, end);
        source += `[${body.startsWith('!') ? `^${escapeClass(body.slice(1))}` : escapeClass(body)}]`;
        i = end;
      }
    } else if (c === '{' && !inBraces && pattern.includes('}', i)) {
      inBraces = true;
      source += '(?:';
    } else if (c === '}' && inBraces) {
      inBraces = false;
      source += ')';
    } else if (c === ',' && inBraces) source += '|';
    else source += c.replace(/[.+^$()|\\/{}]/g, '\\$&');
  }
  const re = new RegExp(`^${source}$`);
  return (name) => re.test(name);
}

/** A class body as written, with only the characters a RegExp class gives meaning escaped. */
function escapeClass(body: string): string {
  return body.replace(/[\\\]^]/g, '\\$&');
}

/** Whether `pattern` is one this module reads as meant: no folder part. */
export function isNamePattern(pattern: string): boolean {
  return pattern.length > 0 && !pattern.includes('/') && !pattern.includes('\\');
}
