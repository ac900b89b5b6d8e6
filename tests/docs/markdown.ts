/**
 * Just enough Markdown reading for the rules docs' tests: headings and their
 * GitHub anchors, sections, pipe tables and code blocks. The docs are
 * hand-written (prettier skips *.md), so this stays deliberately simple.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const docPath = (id: string): string => path.join(ROOT, 'docs', 'rules', `${id}.md`);
export const readDoc = (id: string): string => fs.readFileSync(docPath(id), 'utf8');

export interface Heading {
  level: number;
  text: string;
  /** The anchor GitHub gives it (duplicates get -1, -2...). */
  slug: string;
  line: number;
}

/** Lines outside ``` fences (fenced lines become empty, so line numbers hold). */
function prose(md: string): string[] {
  let fenced = false;
  return md.split('\n').map((line) => {
    if (line.startsWith('```')) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slugOf(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function headings(md: string): Heading[] {
  const seen = new Map<string, number>();
  return prose(md).flatMap((line, i) => {
    const m = /^(#{1,6})\s+(.*)$/.exec(line);
    if (!m) return [];
    const base = slugOf(m[2]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return [{ level: m[1].length, text: m[2].trim(), slug: n ? `${base}-${n}` : base, line: i }];
  });
}

/** The text under the heading titled `title`, up to the next heading of the same or a higher level. */
export function section(md: string, title: string): string {
  const all = headings(md);
  const at = all.findIndex((h) => h.text === title);
  if (at < 0) throw new Error(`no heading "${title}"`);
  const end = all.slice(at + 1).find((h) => h.level <= all[at].level);
  return md
    .split('\n')
    .slice(all[at].line + 1, end ? end.line : undefined)
    .join('\n');
}

export interface Table {
  header: string[];
  rows: string[][];
}

const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/** Every pipe table in `text`, in order. */
export function tables(text: string): Table[] {
  const out: Table[] = [];
  let current: string[][] | null = null;
  for (const line of prose(text)) {
    if (!line.trim().startsWith('|')) {
      current = null;
      continue;
    }
    if (/^\s*\|[\s|:-]+\|\s*$/.test(line)) continue; // the separator row
    if (!current) {
      current = [];
      out.push({ header: cells(line), rows: current });
    } else current.push(cells(line));
  }
  return out;
}

/** The table whose first header cell is `first`. */
export function tableStarting(text: string, first: string): Table {
  const found = tables(text).find((t) => t.header[0] === first);
  if (!found) throw new Error(`no table starting with "${first}"`);
  return found;
}

/** The two-column "At a glance" table: what → value. */
export function glance(md: string): Map<string, string> {
  return new Map(tableStarting(section(md, 'At a glance'), 'what').rows.map((r) => [r[0], r[1]] as [string, string]));
}

/** The contents of every ``` code block. */
export function codeBlocks(md: string): string[] {
  return [...md.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1]);
}

/** Whole numbers in a text (full-width digits read as ASCII), as strings. */
export function numbersIn(text: string): string[] {
  const ascii = text.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  return ascii.match(/\d+/g) ?? [];
}

/** A signed number as the docs write it: +3, −4 (a true minus sign). */
export const signed = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);
