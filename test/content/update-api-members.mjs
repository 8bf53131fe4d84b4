#!/usr/bin/env node
// Regenerates test/content/api-members.json from the shared API facts
// (../shared/sipa/api.json, relative to the repository root).
//
//   node test/content/update-api-members.mjs
//
// The content tests compare the committed copy with api.json whenever that
// file is available, so run this script after api.json changes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const API_JSON_URL = new URL('../../../shared/sipa/api.json', import.meta.url);
export const MEMBERS_JSON_URL = new URL('./api-members.json', import.meta.url);

/**
 * Builds { ClassName: { members: [...], typedefs: [...] } } from parsed api.json,
 * leaving out members marked "excluded": true (private/internal).
 */
export function deriveApiMembers(api) {
    if (!api || !Array.isArray(api.classes)) {
        throw new Error('api.json has no "classes" array');
    }
    const result = {};
    for (const cls of api.classes) {
        result[cls.name] = {
            members: (cls.members ?? []).filter((m) => m.excluded !== true).map((m) => m.name),
            typedefs: (cls.typedefs ?? []).map((t) => t.name),
        };
    }
    return result;
}

export function readApiJson(url = API_JSON_URL) {
    return JSON.parse(readFileSync(url, 'utf8'));
}

export function serializeApiMembers(members) {
    return JSON.stringify(members, null, 2) + '\n';
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
    if (!existsSync(API_JSON_URL)) {
        console.error(`api.json not found at ${fileURLToPath(API_JSON_URL)}`);
        process.exit(1);
    }
    const members = deriveApiMembers(readApiJson());
    writeFileSync(MEMBERS_JSON_URL, serializeApiMembers(members));
    const count = Object.values(members).reduce((n, c) => n + c.members.length, 0);
    console.log(`wrote ${fileURLToPath(MEMBERS_JSON_URL)}: ${Object.keys(members).length} classes, ${count} members`);
}
