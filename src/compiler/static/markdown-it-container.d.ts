// markdown-it-container ships no types of its own.
declare module 'markdown-it-container' {
  import type { MarkdownIt, Token } from 'markdown-it';

  interface ContainerOptions {
    /** Whether the text after the opening colons starts this kind of container. */
    validate?: (params: string, markup: string) => boolean;
    render?: (tokens: Token[], index: number) => string;
    marker?: string;
  }

  /** Adds `:::name` containers, whose tokens are `container_<name>_open` and `container_<name>_close`. */
  export default function container(md: MarkdownIt, name: string, options?: ContainerOptions): void;
}
