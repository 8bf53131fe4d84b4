// Content checks for the documentation sources under site/.
// They read the files directly, so they run without building the site.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SITE = join(ROOT, 'site');
const API_DIR = join(SITE, 'docs', 'api');
const GUIDES_DIR = join(SITE, 'docs', 'guides');
const BLOG_DIR = join(SITE, 'blog');
const API_JSON = fileURLToPath(new URL('../../../shared/sipa/api.json', import.meta.url));
const MEMBERS_JSON = fileURLToPath(new URL('./api-members.json', import.meta.url));

type MemberList = Record<string, { members: string[]; typedefs: string[] }>;

interface ApiJson {
    classes: Array<{
        name: string;
        members?: Array<{ name: string; excluded?: boolean }>;
        typedefs?: Array<{ name: string }>;
    }>;
}

// ---------------------------------------------------------------- helpers

/** All files below dir (recursively) whose extension is in exts; [] if dir is missing. */
function walk(dir: string, exts: string[]): string[] {
    if (!existsSync(dir)) return [];
    const found: string[] = [];
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
            found.push(...walk(path, exts));
        } else if (entry.isFile() && exts.includes(extname(entry.name).slice(1))) {
            found.push(path);
        }
    }
    return found.sort();
}

function rel(path: string): string {
    return relative(ROOT, path).split(sep).join('/');
}

/** Removes fenced code blocks (``` or ~~~, any length, CommonMark rules for closing). */
function stripFencedCode(text: string): string {
    const out: string[] = [];
    let fence: { char: string; length: number } | null = null;
    for (const line of text.split(/\r?\n/)) {
        if (fence) {
            const close = line.match(/^ {0,3}(`{3,}|~{3,})\s*$/);
            if (close?.[1] && close[1][0] === fence.char && close[1].length >= fence.length) fence = null;
            continue;
        }
        const open = line.match(/^ {0,3}(`{3,}|~{3,})/);
        if (open) {
            fence = { char: open[1][0], length: open[1].length };
            continue;
        }
        out.push(line);
    }
    return out.join('\n');
}

function stripFrontMatter(text: string): string {
    return matter(text).content;
}

/** Heading ids given explicitly with a trailing {#id}, outside code blocks. */
function headingIds(text: string): string[] {
    const ids: string[] = [];
    for (const m of stripFencedCode(stripFrontMatter(text)).matchAll(/^#{1,6}[ \t]+.*?\{#([^}\s]+)\}[ \t]*$/gm)) {
        ids.push(m[1]);
    }
    return ids;
}

/** Counts words of prose: front matter, fenced code, MDX comments and tags removed. */
function proseWordCount(text: string): number {
    const prose = stripFencedCode(stripFrontMatter(text))
        .replace(/\{\/\*[\s\S]*?\*\/\}/g, ' ') // {/* MDX comments */}
        .replace(/<\/?[A-Za-z][^>]*>/g, ' ') // JSX/HTML tags (their text content stays)
        .replace(/^\s*:::.*$/gm, ' '); // admonition fences
    return prose.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

function deriveFromApiJson(api: ApiJson): MemberList {
    const list: MemberList = {};
    for (const cls of api.classes) {
        list[cls.name] = {
            members: (cls.members ?? []).filter((m) => m.excluded !== true).map((m) => m.name),
            typedefs: (cls.typedefs ?? []).map((t) => t.name),
        };
    }
    return list;
}

const apiJson: ApiJson | null = existsSync(API_JSON) ? JSON.parse(readFileSync(API_JSON, 'utf8')) : null;
const committedMembers: MemberList = JSON.parse(readFileSync(MEMBERS_JSON, 'utf8'));
const memberList: MemberList = apiJson ? deriveFromApiJson(apiJson) : committedMembers;

// ---------------------------------------------------------------- 1. API reference

describe('API reference pages', () => {
    it('member list covers all 15 classes', () => {
        expect(Object.keys(memberList)).toHaveLength(15);
        for (const [name, entry] of Object.entries(memberList)) {
            expect(entry.members.length, `${name} has no public members`).toBeGreaterThan(0);
        }
    });

    it.skipIf(!apiJson)('committed api-members.json matches ../shared/sipa/api.json (run test/content/update-api-members.mjs)', () => {
        expect(committedMembers).toEqual(deriveFromApiJson(apiJson as ApiJson));
    });

    describe.each(Object.keys(memberList))('%s', (className) => {
        const file = join(API_DIR, `${className}.mdx`);

        it(`has site/docs/api/${className}.mdx`, () => {
            expect(existsSync(file), `${rel(file)} is missing`).toBe(true);
        });

        it('has a {#id} heading for every public member and typedef', () => {
            expect(existsSync(file), `${rel(file)} is missing`).toBe(true);
            const ids = new Set(headingIds(readFileSync(file, 'utf8')));
            const { members, typedefs } = memberList[className];
            const missing = [...members, ...typedefs].filter((name) => !ids.has(name));
            expect(missing, `headings missing in ${rel(file)}`).toEqual([]);
        });

        it('has no duplicate heading ids', () => {
            expect(existsSync(file), `${rel(file)} is missing`).toBe(true);
            const ids = headingIds(readFileSync(file, 'utf8'));
            const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index);
            expect(duplicates, `duplicate ids in ${rel(file)}`).toEqual([]);
        });

        it.skipIf(!apiJson)('documents no private (excluded) member', () => {
            expect(existsSync(file), `${rel(file)} is missing`).toBe(true);
            const cls = (apiJson as ApiJson).classes.find((c) => c.name === className);
            const excluded = (cls?.members ?? []).filter((m) => m.excluded === true).map((m) => m.name);
            const ids = new Set(headingIds(readFileSync(file, 'utf8')));
            expect(excluded.filter((name) => ids.has(name)), `private members documented in ${rel(file)}`).toEqual([]);
        });
    });
});

// ---------------------------------------------------------------- 2. guide length

const MIN_GUIDE_WORDS = 250;
const guideFiles = walk(GUIDES_DIR, ['mdx']);

describe('guide pages', () => {
    it('site/docs/guides contains .mdx pages', () => {
        expect(guideFiles.length).toBeGreaterThan(0);
    });

    it.each(guideFiles.map((file) => [rel(file), file]))(`%s has at least ${MIN_GUIDE_WORDS} words of prose`, (_name, file) => {
        const words = proseWordCount(readFileSync(file, 'utf8'));
        expect(words, `${rel(file)} has only ${words} words of prose`).toBeGreaterThanOrEqual(MIN_GUIDE_WORDS);
    });
});

// ---------------------------------------------------------------- 3. placeholder words

// Word boundaries exclude hyphens and underscores, so identifiers such as
// todo-list-component are not reported, while "TODO", "todo:" or "TODO.md" are.
const PLACEHOLDER = /(?<![\w-])(lorem|todo|tbd|coming\s+soon)(?![\w-])/gi;
const checkedFiles = walk(SITE, ['md', 'mdx', 'tsx', 'ts', 'json', 'yml', 'css']);

describe('placeholder text', () => {
    it('finds files to check under site/', () => {
        expect(checkedFiles.length).toBeGreaterThan(0);
    });

    it('no file under site/ contains lorem, TODO, TBD or "coming soon"', () => {
        const hits: string[] = [];
        for (const file of checkedFiles) {
            readFileSync(file, 'utf8')
                .split(/\r?\n/)
                .forEach((line, index) => {
                    for (const m of line.matchAll(PLACEHOLDER)) hits.push(`${rel(file)}:${index + 1}: ${m[0]}`);
                });
        }
        expect(hits).toEqual([]);
    });
});

// ---------------------------------------------------------------- 4. expected files

const GUIDES = [
    'overview',
    'installation',
    'history_and_why',
    'guides-basics/sipa-cli',
    'guides-basics/create-a-new-project',
    'guides-basics/create-a-new-page',
    'guides-basics/create-a-new-layout',
    'guides-basics/create-a-new-javascript',
    'guides-basics/create-a-new-style-sheet',
    'guides-basics/add-or-remove-libraries',
    'guides-basics/build-your-project',
    'guides-extras/using-translations',
    'guides-extras/cli-hooks',
    'guides-extras/templating-with-ejs',
    'guides-extras/project-configuration',
    'guides-extras/SipaComponent/sipa-component',
    'guides-extras/SipaComponent/create-new-component',
];

const BLOG_SLUGS = ['welcome', 'long-blog-post', 'mdx-blog-post'];
const BLOG_TAGS = ['changelog', 'docusaurus', 'info'];

interface BlogPost {
    file: string;
    slug: string;
    tags: string[];
}

/** Slug: front matter `slug`, else the file name (or folder name for index files) without date prefix. */
function readBlogPosts(): BlogPost[] {
    return walk(BLOG_DIR, ['md', 'mdx']).map((file) => {
        const { data } = matter(readFileSync(file, 'utf8'));
        const base = file.slice(0, -extname(file).length).split(sep);
        let name = base[base.length - 1];
        if (name === 'index' && base.length > 1) name = base[base.length - 2];
        name = name.replace(/^\d{4}-\d{2}-\d{2}-/, '');
        const slug = typeof data.slug === 'string' ? data.slug.replace(/^\/+|\/+$/g, '') : name;
        const rawTags: unknown[] = Array.isArray(data.tags)
            ? data.tags
            : typeof data.tags === 'string'
              ? data.tags.split(',')
              : [];
        const tags = rawTags
            .map((tag) => (typeof tag === 'string' ? tag : (tag as { label?: string })?.label ?? ''))
            .map((tag) => tag.trim().toLowerCase())
            .filter(Boolean);
        return { file, slug, tags };
    });
}

function expectNonEmptyFile(path: string): void {
    expect(existsSync(path), `${rel(path)} is missing`).toBe(true);
    expect(statSync(path).size, `${rel(path)} is empty`).toBeGreaterThan(0);
}

describe('expected files', () => {
    it.each(GUIDES)('guide site/docs/guides/%s.mdx exists', (guide) => {
        expectNonEmptyFile(join(GUIDES_DIR, ...`${guide}.mdx`.split('/')));
    });

    it(`blog has exactly the posts ${BLOG_SLUGS.join(', ')}`, () => {
        const slugs = readBlogPosts().map((post) => post.slug);
        expect([...slugs].sort()).toEqual([...BLOG_SLUGS].sort());
    });

    it(`blog tags together cover ${BLOG_TAGS.join(', ')}`, () => {
        const tags = new Set(readBlogPosts().flatMap((post) => post.tags));
        expect(BLOG_TAGS.filter((tag) => !tags.has(tag)), 'tags not used by any post').toEqual([]);
    });

    it('site/pages/index.tsx exists', () => {
        expectNonEmptyFile(join(SITE, 'pages', 'index.tsx'));
    });

    it('site/pages/markdown-page.md exists', () => {
        expectNonEmptyFile(join(SITE, 'pages', 'markdown-page.md'));
    });
});

// ---------------------------------------------------------------- spelling word list

describe('project word list (test/spelling/words.txt)', () => {
    it('has one word per line, sorted case-insensitively, without duplicates', () => {
        const file = fileURLToPath(new URL('../spelling/words.txt', import.meta.url));
        const lines = readFileSync(file, 'utf8').split(/\r?\n/).filter((line) => line !== '');
        expect(lines.filter((line) => /\s/.test(line)), 'lines with whitespace').toEqual([]);
        const sorted = [...lines].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en') || a.localeCompare(b, 'en'));
        expect(lines).toEqual(sorted);
        expect(lines.filter((word, index) => lines.indexOf(word) !== index), 'duplicates').toEqual([]);
    });
});
