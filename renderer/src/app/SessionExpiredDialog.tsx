/**
 * The session ended while someone worked (a 401/419 with the user signed in): instead of spec 01 §8's
 * redirect to /auth, which would lose what was typed, a sign-in dialog over the page. The page and
 * any open form stay as they were; after signing in the user saves again. Someone else signing in
 * starts afresh on their own landing page. (docs/operations.md: "Session expiry mid-work".)
 */
import { Callout, DialogBody, Intent } from '@blueprintjs/core';
import type { SessionUser } from '@shared/api';
import { MESSAGES } from '@shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../api/session';
import { SignInForm } from '../auth/AuthPage';
import { AppDialog } from '../common/AppDialog';
import { landingPath } from './landing';

export function SessionExpiredDialog() {
  const status = useSession((state) => state.status);
  const user = useSession((state) => state.user);
  const signedIn = useSession((state) => state.signedIn);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const onSignedIn = (next: SessionUser) => {
    const same = next.id === user?.id;
    if (!same) queryClient.clear();
    signedIn(next);
    if (same) void queryClient.invalidateQueries(); // what failed while signed out is read again
    else navigate(landingPath(next.role), { replace: true });
  };

  return (
    <AppDialog isOpen={status === 'expired'} title={MESSAGES.connection.sessionExpired} closable={false} className="session-dialog">
      <DialogBody>
        <Callout intent={Intent.WARNING} className="auth-notice">
          {MESSAGES.connection.sessionExpiredText}
        </Callout>
        <SignInForm onSignedIn={onSignedIn} login={user?.email} heading="" />
      </DialogBody>
    </AppDialog>
  );
}
