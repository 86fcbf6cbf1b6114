/**
 * /auth (spec 01 §2.1): Email, password and submit. While the database has no user yet, the page
 * offers the one-time "create the first administrator" form instead (it disappears for good once
 * any user exists). In the desktop app the credentials can be remembered in the OS keychain.
 *
 * After signing in the user goes back to the page they opened without a session (`?next=`), else to
 * the landing page (app/landing.ts: /applications once it exists). The sign-in form also serves
 * the dialog shown when a session expires mid-work (app/SessionExpiredDialog.tsx).
 */
import { Button, Callout, Card, Checkbox, H3, Intent, Spinner } from '@blueprintjs/core';
import type { SessionUser } from '@shared/api';
import { MESSAGES } from '@shared/messages';
import { firstAdministratorSchema, loginSchema } from '@shared/resources/users';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { api, ApiError } from '../api/http';
import { useSession } from '../api/session';
import { landingPath } from '../app/landing';
import { returnPath } from './returnPath';
import { readFailureReason } from '../common/failure';
import { FormFields, type FieldSpec } from '../common/form/fields';
import { useZodForm } from '../common/form/useZodForm';

export function AuthPage() {
  const status = useSession((state) => state.status);
  const user = useSession((state) => state.user);
  const setupRequired = useSession((state) => state.setupRequired);
  const load = useSession((state) => state.load);
  const onSignedIn = useSignedIn();
  // The boot call (started with the app, see main.tsx) tells whether to offer the setup form.
  useEffect(() => {
    if (status === 'unknown') void load();
  }, [status, load]);
  // Signed in (just now, or already): back to the page asked for, else the landing page.
  if (status === 'signed-in' && user) return <Navigate to={returnPath() ?? landingPath(user.role)} replace />;

  return (
    <div className="auth-page">
      <Card elevation={2} className="auth-card">
        {status === 'unknown' ? <Spinner aria-label={MESSAGES.list.loading} /> : setupRequired ? <FirstAdministratorForm onSignedIn={onSignedIn} /> : <SignInForm onSignedIn={onSignedIn} />}
      </Card>
    </div>
  );
}

/** Signed in on /auth: a fresh cache for the new session; the page then leads on (above). */
function useSignedIn() {
  const signedIn = useSession((state) => state.signedIn);
  const queryClient = useQueryClient();
  return (user: SessionUser) => {
    queryClient.clear();
    signedIn(user);
  };
}

const SIGN_IN_FIELDS: FieldSpec[] = [
  { kind: 'email', name: 'login', label: 'Email', autoComplete: 'username', icon: 'envelope', autoFocus: true },
  { kind: 'password', name: 'password', label: 'Пароль', autoComplete: 'current-password', icon: 'lock' },
];

/** Email and password; `login` fills the e-mail in (the sign-in dialog of an expired session). */
export function SignInForm({ onSignedIn, login = '', heading = 'Вход в систему' }: { onSignedIn(user: SessionUser): void; login?: string; heading?: string }) {
  const form = useZodForm(loginSchema, { login, password: '' });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [keychain, setKeychain] = useState(false);
  const [remember, setRemember] = useState(false);
  const { setValues } = form;

  // The keychain option exists only in the desktop app, and only where keytar could load.
  useEffect(() => {
    const credentials = window.desktop?.credentials;
    if (!credentials) return;
    void (async () => {
      if (!(await credentials.available().catch(() => false))) return;
      setKeychain(true);
      const saved = await credentials.load().catch(() => null);
      if (saved) {
        setValues({ login: saved.login, password: saved.password });
        setRemember(true);
      }
    })();
  }, [setValues]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    if (busy || !form.validate()) return;
    setBusy(true);
    try {
      const { data } = await api.post<{ data: SessionUser }>('/login', form.values);
      if (keychain) {
        const credentials = window.desktop!.credentials;
        await (remember ? credentials.save({ login: form.values.login, password: form.values.password }) : credentials.clear()).catch(() => undefined);
      }
      onSignedIn(data);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) form.setErrors(error.fieldErrors);
      // Throttled (429), no answer, anything else: why, above the form (a 5xx also has its toast).
      else setNotice(readFailureReason(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      {heading && <H3>{heading}</H3>}
      {notice && (
        <Callout intent={Intent.WARNING} className="auth-notice">
          {notice}
        </Callout>
      )}
      <FormFields fields={SIGN_IN_FIELDS} form={form} idPrefix="sign-in" />
      {keychain && <Checkbox label="Запомнить вход на этом компьютере" checked={remember} onChange={(event) => setRemember(event.currentTarget.checked)} />}
      <Button type="submit" intent={Intent.PRIMARY} fill size="large" loading={busy} text="Войти" />
    </form>
  );
}

const FIRST_ADMIN_FIELDS: FieldSpec[] = [
  { kind: 'text', name: 'surname', label: 'Фамилия', required: true },
  { kind: 'text', name: 'name', label: 'Имя', required: true },
  { kind: 'text', name: 'patronymic', label: 'Отчество' },
  { kind: 'email', name: 'email', label: 'Email', required: true },
  { kind: 'password', name: 'password', label: 'Пароль', required: true },
];

function FirstAdministratorForm({ onSignedIn }: { onSignedIn(user: SessionUser): void }) {
  const form = useZodForm(firstAdministratorSchema, { surname: '', name: '', patronymic: '', email: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string>();
  const reboot = useSession((state) => state.load);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validate()) return;
    setBusy(true);
    try {
      const { data } = await api.post<{ data: SessionUser }>('/setup', form.values);
      onSignedIn(data);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) form.setErrors(error.fieldErrors);
      // Someone else created the first administrator meanwhile (booting again shows the sign-in
      // form), or the page is opened from another computer (the server says so).
      if (error instanceof ApiError && error.status === 403) {
        setNotice(error.serverMessage);
        await reboot();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <H3>Создание первого администратора</H3>
      <Callout intent={Intent.PRIMARY} className="auth-notice">
        В базе данных ещё нет пользователей. Создайте учётную запись администратора — эта форма доступна только один раз.
      </Callout>
      {notice && (
        <Callout intent={Intent.WARNING} className="auth-notice">
          {notice}
        </Callout>
      )}
      <FormFields fields={FIRST_ADMIN_FIELDS} form={form} />
      <Button type="submit" intent={Intent.PRIMARY} fill size="large" loading={busy} text="Создать администратора" />
    </form>
  );
}
