/** The `images` settings: resized copies of images (see compiler/compile/imageVariants.ts). */

/** The site's `images` settings, as normalized. */
export interface ImageSettings {
  /** Markdown images get resized copies and a `srcset`. */
  responsive: boolean;
  /** Widths of the copies, in pixels; those not below the original's are left out, and the original's width is always one. */
  widths: number[];
  /** The format of the copies. */
  format: 'webp' | 'avif';
  /** Encoding quality, 1 to 100. */
  quality: number;
}

export const DEFAULT_IMAGE_SETTINGS: ImageSettings = { responsive: true, widths: [640, 1280], format: 'webp', quality: 80 };

/** Options of Docusaurus's ideal-image plugin that shape its images (its loader's: responsive-loader). */
export interface IdealImageSettings {
  /** Quality of the copies, 1 to 100 (default 85). */
  quality: number;
  /** Largest width; default the original's. */
  max?: number;
  /** Smallest width, with `max` and `steps` making the widths between. */
  min?: number;
  /** How many widths from `min` to `max` (default 4). */
  steps: number;
  /** The widths, given outright; they win over min/max/steps. */
  sizes?: number[];
  /** Plain images in `serve --watch` (default true), as the plugin gives in `docusaurus start`. */
  disableInDev: boolean;
}

export const DEFAULT_IDEAL_IMAGE: IdealImageSettings = { quality: 85, steps: 4, disableInDev: true };

