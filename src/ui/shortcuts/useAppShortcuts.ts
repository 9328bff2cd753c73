import { useLayoutEffect, useRef } from 'react';
import { APP_COMMANDS, isTypingTarget, type CommandContext } from './appCommands';

/** Run APP_COMMANDS from the keyboard while the notes app is shown. */
export function useAppShortcuts(ctx: CommandContext): void {
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;
  // Attached before the first paint: a key pressed as soon as the app shows is not lost (a passive
  // effect may run after the screen is already visible).
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A tab that met a newer build changes nothing (docs/architecture.md "Versions and tabs").
      if (event.defaultPrevented || !ctxRef.current.log.writable || document.querySelector('dialog[open]')) return;
      const command = APP_COMMANDS.find((c) => c.matches(event, isTypingTarget(event.target)));
      if (!command) return;
      event.preventDefault();
      command.run(ctxRef.current);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
