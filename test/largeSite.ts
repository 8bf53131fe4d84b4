import type { GenerateOptions } from '../support/generateSite.js';

/**
 * The large generated site two test files read, built once per run (sharedGeneratedBuild): 2,000
 * lean docs in nested categories that start open, so each doc page's sidebar holds every doc.
 * sidebar-once.test.ts checks how a page holds that sidebar; check-links-scale.test.ts checks
 * every link of it (over 2,000 pages, some 2,000 links a page).
 */
export const LARGE_SITE: GenerateOptions = { docs: 2000, posts: 0, seed: 2, openCategories: true, lean: true };
