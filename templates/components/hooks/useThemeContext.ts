import { useColorMode } from '../../layout/colorMode.js';

/**
 * `@theme/hooks/useThemeContext` of Docusaurus 2's first releases (later `useColorMode` of
 * `@docusaurus/theme-common`): whether the page is dark, and setters for either mode.
 */
export default function useThemeContext(): { isDarkTheme: boolean; setLightTheme: () => void; setDarkTheme: () => void } {
  const { isDarkTheme, setColorMode } = useColorMode();
  return { isDarkTheme, setLightTheme: () => setColorMode('light'), setDarkTheme: () => setColorMode('dark') };
}
