#!/usr/bin/env node
/**
 * Keeps the project's citations honest (docs/README.md): every `docs/<file>.md "<Heading>"` in code, tests and
 * docs names a document that exists and a heading it has, and nothing cites a document the repo does not hold
 * (the brief's RULINGS/ARCHITECTURE/SETUP/STYLE files or "spec §" sections). Run by `npm run lint`; exits 1 with
 * one line per problem.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const files = execFileSync(
  'git',
  ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx', '*.mjs', '*.css', '*.md'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((file) => file && !file.includes('node_modules/') && existsSync(path.join(root, file)));

/** Documents outside the repository, and the spec's numbered sections, that a comment must not cite. */
const OUTSIDE = [/(^|[^/\w.-])(RULINGS|ARCHITECTURE|SETUP|STYLE)\.md\b/, /\bspec\s*[12]?\s*§/i];

const headingsCache = new Map();
/** The headings of a document, as written after their `#`s. */
function headingsOf(doc) {
  if (!headingsCache.has(doc)) {
    const text = readFileSync(path.join(root, doc), 'utf8');
    headingsCache.set(doc, new Set([...text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => m[1])));
  }
  return headingsCache.get(doc);
}

/** A file's text with comment leaders taken off and lines joined, so a citation may wrap. */
const flatten = (text) =>
  text
    .split('\n')
    .map((line) => line.replace(/^\s*(\/\*\*?|\*\/?|\/\/+|>)?\s?/, ''))
    .join(' ');

const problems = [];
for (const file of files) {
  if (file === 'scripts/check-docs.mjs') continue;
  const text = readFileSync(path.join(root, file), 'utf8');
  text.split('\n').forEach((line, index) => {
    if (OUTSIDE.some((pattern) => pattern.test(line)))
      problems.push(`${file}:${index + 1}: cites a document outside the repo: ${line.trim()}`);
  });
  for (const match of flatten(text).matchAll(/docs\/([\w./-]+\.md)((?:\s*(?:,|and)?\s*"[^"\n]{1,120}")*)/g)) {
    const doc = `docs/${match[1]}`;
    if (!existsSync(path.join(root, doc))) {
      problems.push(`${file}: cites ${doc}, which does not exist`);
      continue;
    }
    for (const [, quoted] of match[2].matchAll(/"([^"]+)"/g)) {
      const heading = quoted.replace(/\\'/g, "'");
      if (!headingsOf(doc).has(heading))
        problems.push(`${file}: cites ${doc} "${heading}", which is no heading of it`);
    }
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} citation problem(s): see docs/README.md.`);
  process.exit(1);
}
console.log(`check-docs: ${files.length} files, every docs/ citation resolves.`);
