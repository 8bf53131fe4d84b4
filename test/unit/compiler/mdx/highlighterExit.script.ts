// Run by remoteHighlighter.test.ts in a process of its own: a build that started the shared
// highlighter thread and ended without asking it anything (all its pages cached, or it failed
// first) must let the process exit.
import { sharedRemoteHighlighter } from '../../../../src/compiler/mdx/remoteHighlighter.js';

const highlighter = await sharedRemoteHighlighter({ light: 'github-light', dark: 'github-dark' });
if (process.argv[2] === 'asked') await highlighter.ensureLanguages(['js']);
if (process.argv[2] === 'pending') void highlighter.ensureLanguages(['rust', 'go']);
await highlighter.close();
console.log('closed');
