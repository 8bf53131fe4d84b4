import { EARLY_INPUT_GLOBAL, REPLAY_ATTRIBUTE } from '../shared/earlyInput.js';

/**
 * The inline script of every page that records early clicks and key presses (see
 * shared/earlyInput.ts). Enter and Space on a button are recorded as the click they make, so they
 * are not counted twice. It must stay tiny: every page carries it, hashed in the policy.
 */
export const EARLY_INPUT_SCRIPT = `(function(){var q=[],d=document;function h(e){var t=e.target,c=t&&t.closest&&t.closest('[${REPLAY_ATTRIBUTE}]');if(!c||e.type==='keydown'&&(e.key==='Enter'||e.key===' '))return;q.push({type:e.type,target:c,key:e.key,shiftKey:e.shiftKey,ctrlKey:e.ctrlKey,altKey:e.altKey,metaKey:e.metaKey})}d.addEventListener('click',h,true);d.addEventListener('keydown',h,true);window.${EARLY_INPUT_GLOBAL}=function(){d.removeEventListener('click',h,true);d.removeEventListener('keydown',h,true);return q}})()`;
