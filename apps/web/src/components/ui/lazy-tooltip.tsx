import { Tooltip, type TooltipProps } from '@mui/material';
import { useForkRef } from '@mui/material/utils';
import {
  cloneElement,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
} from 'react';

interface ChildProps {
  'aria-label'?: string;
  onMouseOver?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp?: (event: PointerEvent<HTMLElement>) => void;
  ref?: Ref<HTMLElement>;
}

export type LazyTooltipProps = Omit<TooltipProps, 'title' | 'open' | 'onOpen' | 'onClose' | 'children'> & {
  title: string;
  children: ReactElement<ChildProps>;
};

/**
 * MUI's Tooltip for the small controls of a table's rows (docs/performance.md "The web between pages"). A Tooltip
 * is a dozen hooks and slots per instance: the customer panel's page of payments held thirty of them, a quarter of
 * the time before its first row was painted. This one draws only its child, named as the Tooltip names it, until the
 * pointer has rested on it or the keyboard's focus reaches it; then the real Tooltip takes over. The child is drawn
 * anew inside it, so what reached the old element is handed to the new one: the focus is put back (a keyboard's focus
 * stays visible), and the pointer on it is reported with a mouseover, so the tooltip opens as it always does (its
 * delay, its leave). The shell's buttons use the CSS-only `Hint`; a grid's cell clips what overflows it, so a row's
 * tooltip needs MUI's popper.
 */
export function LazyTooltip({ title, children, ...tooltip }: LazyTooltipProps) {
  const [armedBy, setArmedBy] = useState<'pointer' | 'focus' | null>(null);
  const node = useRef<HTMLElement>(null);
  // The pointer's state lives outside React's state (it changes on every mouse event and draws nothing); handlers
  // read and change it through the tracker's methods, never during a render.
  const [pointer] = useState(() => pointerTracker((by) => setArmedBy(by)));
  const childProps = children.props;
  const attach = useForkRef(childProps.ref, node);

  useEffect(() => () => pointer.stop(), [pointer]);
  useLayoutEffect(() => {
    const el = node.current;
    if (!el || !armedBy) return;
    if (armedBy === 'focus' && el.ownerDocument.activeElement !== el) el.focus({ preventScroll: true });
    if (armedBy === 'pointer' && pointer.isInside()) el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
  }, [armedBy, pointer]);

  const tracked = {
    ref: attach,
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      pointer.leave();
      childProps.onMouseLeave?.(event);
    },
  };
  if (armedBy) {
    return (
      <Tooltip title={title} {...tooltip}>
        {cloneElement(children, tracked)}
      </Tooltip>
    );
  }
  return cloneElement(children, {
    ...tracked,
    // The name MUI's Tooltip gives its child: a string title labels a child that has no label of its own.
    'aria-label': childProps['aria-label'] ?? title,
    onMouseOver: (event: MouseEvent<HTMLElement>) => {
      childProps.onMouseOver?.(event);
      pointer.enter();
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      childProps.onPointerDown?.(event);
      pointer.press(true);
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      childProps.onPointerUp?.(event);
      pointer.press(false);
    },
    // The keyboard's focus arms it at once; a press's focus (inside a click) does not.
    onFocus: (event: FocusEvent<HTMLElement>) => {
      childProps.onFocus?.(event);
      pointer.focus();
    },
  });
}

/**
 * Where the pointer is and whether a button is held. The pointer arms the tooltip once it has rested on the child
 * for the Tooltip's own delay, never while a button is held: a click (a person's or a test's) that starts on the old
 * element ends on it.
 */
function pointerTracker(arm: (by: 'pointer' | 'focus') => void) {
  let inside = false;
  let pressed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const armWhenResting = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!inside) return;
      if (pressed) armWhenResting();
      else arm('pointer');
    }, ARM_AFTER_MS);
  };
  return {
    isInside: () => inside,
    enter() {
      inside = true;
      armWhenResting();
    },
    leave() {
      inside = false;
      pressed = false;
    },
    press(down: boolean) {
      pressed = down;
    },
    focus() {
      if (!pressed) arm('focus');
    },
    stop: () => clearTimeout(timer),
  };
}

/** MUI Tooltip's enterDelay: how long the pointer rests on the child before the Tooltip is drawn. */
const ARM_AFTER_MS = 100;
