import { buildOnce } from './src/pipeline/build.js';
import { reportError } from './src/errors.js';
try { await buildOnce({ siteDir: process.argv[2]!, outDir: process.argv[3]!, quiet: true }); } catch (e) { reportError(e); }
