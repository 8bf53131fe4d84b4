import * as React from 'react';

/** React's named exports (`useState`, `Fragment`…): a module namespace also holds `default`, which no code can name. */
const exportsOfReact = Object.fromEntries(Object.entries(React).filter(([name]) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name)));

/**
 * `@theme/ReactLiveScope`: the names the code of a live block can use without importing them:
 * React and its exports (`useState`, `Fragment`…), as in Docusaurus. A site gives more by
 * replacing it (`src/theme/ReactLiveScope.js`), its default export the scope.
 */
const ReactLiveScope: Record<string, unknown> = { React, ...exportsOfReact };

export default ReactLiveScope;
