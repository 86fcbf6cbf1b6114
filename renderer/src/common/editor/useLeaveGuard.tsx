/**
 * Leaving a form page with unsaved changes asks first (issue 16): Отмена and Назад, a menu link, the
 * browser's Back (react-router's blocker) and closing the window or tab (`beforeunload`, where the
 * browser asks in its own words). `dirty()` is read at the moment of leaving, so a save that has just
 * succeeded leaves without asking.
 */
import { Intent } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { useCallback, useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../ConfirmDialog';

export function useLeaveGuard(dirty: () => boolean) {
  const blocker = useBlocker(useCallback(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && dirty(), [dirty]));

  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (!dirty()) return;
      event.preventDefault();
      // Older Chromium (Electron) asks only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return (
    <ConfirmDialog
      isOpen={blocker.state === 'blocked'}
      intent={Intent.WARNING}
      icon="warning-sign"
      confirmText={MESSAGES.editor.leaveUnsaved}
      cancelText={MESSAGES.editor.stay}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {MESSAGES.editor.unsaved}
    </ConfirmDialog>
  );
}
