/**
 * The theme's components every MDX page can use without importing them, written once: the MDX
 * compiler accepts these tags (another capitalised tag needs an import), and the theme's
 * `mdxComponents` map provides exactly these (its type says so). Each is a file of
 * templates/components, also importable as `@theme/<Name>`.
 */
export const THEME_COMPONENT_NAMES = ['Admonition', 'CodeBlock', 'Details', 'TabItem', 'Tabs'] as const;

export type ThemeComponentName = (typeof THEME_COMPONENT_NAMES)[number];
