import { useEffect, useId, useRef, useState, type FocusEvent, type PointerEvent } from 'react';

/**
 * The open state of a navbar dropdown, shared by the link, version and locale dropdowns. A mouse
 * opens it by hovering and closes it by leaving; a click on the toggle then keeps it open (the
 * hover already opened it; toggling would close it under the pointer). A tap, which also sends
 * mouse events but no mouse pointer, and the keyboard open and close it by the toggle's click.
 * Escape, a press elsewhere, moving the focus out of it and a new address close it.
 */
export function useDropdown(pathname: string) {
  const [open, setOpen] = useState(false);
  // Set while the menu is open because a mouse hovers it.
  const openedByHover = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: globalThis.PointerEvent) => root.current?.contains(event.target as Node) || setOpen(false);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  useEffect(() => setOpen(false), [pathname]);
  const close = () => {
    openedByHover.current = false;
    setOpen(false);
  };
  return {
    open,
    close,
    menuId,
    /** For the element holding the toggle and the menu. */
    rootProps: {
      ref: root,
      onPointerEnter: (event: PointerEvent) => {
        if (event.pointerType !== 'mouse' || open) return;
        openedByHover.current = true;
        setOpen(true);
      },
      onPointerLeave: (event: PointerEvent) => {
        if (event.pointerType === 'mouse') close();
      },
      onBlur: (event: FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      },
    },
    /** For the toggle button. */
    toggleProps: {
      'aria-expanded': open,
      'aria-controls': menuId,
      onClick: () => {
        setOpen(openedByHover.current || !open);
        openedByHover.current = false;
      },
    },
  };
}
