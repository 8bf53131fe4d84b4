/**
 * Clicks and key presses on the theme's controls before the runtime has hydrated the page: the
 * page is painted and usable before its scripts load (see SCRIPT_LOADER in render/document.ts), so
 * an inline script in <head> (render/earlyInputScript.ts) records what the visitor did to a control that needs JavaScript, and
 * the runtime does it again once the page is live (src/client/earlyInput.ts). Controls that work
 * without JavaScript (links, sidebar categories as <details>, the mobile menu as a popover) are
 * not marked and need nothing.
 */

/** The attribute of a control whose early clicks and key presses are replayed. */
export const REPLAY_ATTRIBUTE = 'data-replay';

/** The attribute as props of a theme component's control: `<button {...replayedControl}>`. */
export const replayedControl = { [REPLAY_ATTRIBUTE]: '' } as const;

/**
 * Set on window by the inline script: stops recording and hands over what it recorded, with the
 * URL of the link it held, if the visitor clicked one (the last one).
 */
export const EARLY_INPUT_GLOBAL = '__sipaEarlyInput';

/** One recorded event: on which control, and for a key press which key with which modifiers. */
export interface EarlyEvent {
  type: 'click' | 'keydown';
  target: Element;
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/** What the inline script recorded before the runtime took over. */
export interface EarlyInput {
  events: EarlyEvent[];
  /** The absolute URL of the last link to a page of the site clicked, held for the runtime to show. */
  link: string | null;
}
