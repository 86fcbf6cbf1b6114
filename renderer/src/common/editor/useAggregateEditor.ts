/**
 * State of a big editor page (ARCHITECTURE.md §7 "Aggregate editors"): the mode from the route
 * (create / edit / copy), the record loaded as the form, the field errors (the server's 422 map with
 * full paths such as `rooms.3.dates.0.to`, or the shared schema's own), one save at a time as
 * `{payload}`, the version conflict (409) with reload or keep editing, and what follows a save
 * (`afterSave`: back one page, stay, or read the record again).
 */
import type { RefusalCodes, VersionConflictBody } from '@shared/api';
import { toPayloadBody, type EditorMode } from '@shared/editor';
import { editorRoute, routePath, type EditorRouteName } from '@shared/routes';
import type { FieldErrors } from '@shared/validation';
import { toFieldErrors } from '@shared/validation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { api, ApiError } from '../../api/http';
import { notifyFailure, notifyInvalidForm } from '../failure';
import { toast } from '../toaster';
import type { SetField } from '../form/fields';
import { versionConflictOf, versionOf } from '../version/VersionConflictDialog';

/**
 * What follows a successful save:
 * - `back`: back one page, to the list on its page (hotels, bus transports, a tour's create and copy);
 * - `stay`: the form stays on screen as typed while the saved record is read back quietly, and then
 *   shows it with its new version and the ids of new rows (a tour's edit: the next save goes on);
 * - `reload`: the record is read again as if the page were reopened, with the loading state, so what
 *   the server decided (statuses, prices) replaces the form (applications).
 * A create or a copy that stays or reloads moves to the new record's edit route (`editor`).
 */
export type AfterSave = 'back' | 'stay' | 'reload';

/** `Stored`: the record as GET {path}/{id} answers it (the feature's shared type), read into the form by `fromRecord`. */
export interface AggregateEditorOptions<Form extends Record<string, unknown>, Stored = Record<string, unknown>> {
  /** API path of the resource, e.g. `/hotels`. */
  path: string;
  /** The shared schema the server validates the payload with. */
  schema: z.ZodType;
  /** The form's errors before sending, when there is more to judge than the schema (applications: every error at once); the schema's by default. */
  validate?: (form: Form, mode: EditorMode) => FieldErrors;
  /** The body of a save: `{payload}` (the default), or what an editor with a plain JSON body sends (routes: dates as DD.MM.YYYY). */
  toBody?: (form: Form) => unknown;
  /** A new record's form. */
  blank: () => Form;
  /** The form of a record read back (GET {path}/{id} → data). */
  fromRecord: (record: Stored) => Form;
  /** A copy's form from the original's (ids dropped, files emptied, named '… (копия)'…). */
  toCopy: (form: Form) => Form;
  /** What a copy did not take over (tariffs reset, files left out), said above the copy's form. */
  copyNotice?: string;
  /** Where Cancel and Save go when there is no page to go back to. */
  fallback: string;
  /** What follows a save, one for all modes or one per mode (`{ create: 'back', copy: 'back', edit: 'stay' }`); `back` when not given. */
  afterSave?: AfterSave | Record<EditorMode, AfterSave>;
  /** The editor's routes (shared/routes.ts `editorRoutes`): a create or copy that stays or reloads opens `<editor>-edit` of the new record. */
  editor: EditorRouteName;
  /** `created`: a create's or a copy's toast, when it is not `saved`'s. */
  texts: { saved: string; created?: string; savedTitle?: string; saveFailedTitle: string; saveFailedText: string; loadFailed: string };
  /** A refused save (not a 422 nor a 409) says the server's reason (applications: a cancelled one, a locked price) instead of `saveFailedText`. */
  refusalSaysReason?: boolean;
}

/** The mode of an editor route: `/x/create`, `/x/:id/edit`, `/x/:id/copy`. */
export function useEditorMode(): { mode: EditorMode; id: number | undefined } {
  const { id } = useParams();
  const { pathname } = useLocation();
  const number = id ? Number(id) : undefined;
  if (number === undefined || !Number.isInteger(number)) return { mode: 'create', id: undefined };
  return { mode: /\/copy\/?$/.test(pathname) ? 'copy' : 'edit', id: number };
}

export function useAggregateEditor<Form extends Record<string, unknown>, Stored = Record<string, unknown>>(options: AggregateEditorOptions<Form, Stored>) {
  const { mode, id } = useEditorMode();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form | null>(mode === 'create' ? options.blank() : null);
  const [errors, setErrors] = useState<FieldErrors>({});
  /** The last refusal's codes by field path (shared/api.ts REFUSAL_CODES): a code counts while its field's error is shown. */
  const [refusalCodes, setRefusalCodes] = useState<RefusalCodes>({});
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const [conflict, setConflict] = useState<VersionConflictBody<Stored> | null>(null);
  /** The form as it was shown (loaded, blank or reloaded), as JSON: unsaved changes are any difference from it. */
  const shown = useRef<string | null>(null);
  if (shown.current === null && form && mode === 'create') shown.current = JSON.stringify(form);
  const current = useRef(form);
  current.current = form;
  /** True once the save succeeded: leaving then asks nothing. */
  const saved = useRef(false);
  const dirty = useCallback(() => !saved.current && current.current !== null && shown.current !== null && JSON.stringify(current.current) !== shown.current, []);

  const record = useQuery({
    queryKey: [options.path, 'editor', id],
    queryFn: ({ signal }) => api.get<{ data: Stored }>(`${options.path}/${id}`, undefined, signal),
    enabled: id !== undefined,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const loaded = record.data;
  useEffect(() => {
    if (!loaded) return;
    const read = options.fromRecord(loaded.data);
    const next = mode === 'copy' ? options.toCopy(read) : read;
    shown.current = JSON.stringify(next);
    setForm(next);
    setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new reply (or mode) loads the form again
  }, [loaded, mode]);
  useEffect(() => {
    // The page shows the reason; the toast is for a refusal (404, 403), not a lost connection or session.
    if (record.isError) notifyFailure(record.error, options.texts.loadFailed, { write: false, fixed: true });
  }, [record.isError, record.error, options.texts.loadFailed]);

  /** Back one page (to the list with its page), or to the fallback when the editor was opened directly. */
  const leave = useCallback(() => {
    if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(options.fallback);
  }, [navigate, options.fallback]);

  const update: SetField<Form> = useCallback((key, value) => {
    setForm((current) => (current ? { ...current, [key]: value } : current));
    // An edited field's error is answered; the marks of other fields stay until the next save.
    setErrors((current) => dropErrors(current, key));
  }, []);

  /** Several fields at once (a new type clears its product and the rows that were of it), each one's errors answered. */
  const patch = useCallback((values: Partial<Form>) => {
    setForm((current) => (current ? { ...current, ...values } : current));
    setErrors((current) => Object.keys(values).reduce(dropErrors, current));
  }, []);

  /** `extra`: keys sent beside the form's once (an application's `confirm_overpayment` after the user confirmed it). */
  const save = useCallback(async (extra?: Partial<Form>) => {
    if (!form || savingRef.current) return; // a save in progress blocks a second one
    const local = options.validate ? null : options.schema.safeParse(form);
    const found = options.validate ? options.validate(form, mode) : local!.success ? {} : toFieldErrors(local!.error);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setRefusalCodes({});
      notifyInvalidForm(found, { title: options.texts.saveFailedTitle, text: options.texts.saveFailedText });
      return;
    }
    savingRef.current = true;
    setSaving(true);
    try {
      const sent = extra ? { ...form, ...extra } : form;
      const body = options.toBody ? options.toBody(sent) : toPayloadBody(sent);
      const reply = mode === 'edit' ? await api.put<SavedReply>(`${options.path}/${id}`, body) : await api.post<SavedReply>(options.path, body);
      toast.saved(mode === 'edit' ? options.texts.saved : (options.texts.created ?? options.texts.saved), options.texts.savedTitle);
      const after = afterSaveIn(options.afterSave, mode);
      // Leaving after the save asks nothing; staying makes what was saved the form's new starting point.
      if (after === 'back') saved.current = true;
      else shown.current = JSON.stringify(form);
      if (after === 'reload') setForm(null);
      // The list and this record are read again: an open edit route (stay, reload) reads its record back into the form.
      void queryClient.invalidateQueries({ queryKey: [options.path] });
      if (after === 'back') leave();
      else if (mode !== 'edit') navigate(routePath(editorRoute(options.editor, 'edit'), { id: reply.data.id }, { page: new URLSearchParams(location.search).get('page') ?? undefined }), { replace: true });
    } catch (error) {
      const conflicted = versionConflictOf<Stored>(error);
      if (conflicted) setConflict(conflicted);
      else {
        if (error instanceof ApiError && error.status === 422) {
          setErrors(error.fieldErrors);
          setRefusalCodes(error.refusalCodes);
          // The server's reasons are named in the toast: one may sit where nobody looks (a cancelled application's status).
          notifyInvalidForm(error.fieldErrors, { title: options.texts.saveFailedTitle, text: options.texts.saveFailedText, reasons: true });
        }
        // Offline or a lost session says what happened (the form stays); a 403 the server's reason, and a 409 without a
        // record (a save rolled back by a colleague's at the same moment: try again); any other refusal the save's text.
        else notifyFailure(error, options.texts.saveFailedText, { title: options.texts.saveFailedTitle, fixed: !options.refusalSaysReason && !(error instanceof ApiError && (error.status === 403 || error.status === 409)), saveFailure: true });
      }
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }, [form, id, leave, location.search, mode, navigate, options, queryClient]);

  /** 409 → "load the current data": the colleague's version replaces the form. */
  const reload = useCallback(() => {
    if (conflict) {
      const next = options.fromRecord(conflict.data);
      shown.current = JSON.stringify(next);
      setForm(next);
    }
    setConflict(null);
    setErrors({});
    void record.refetch();
  }, [conflict, options, record]);

  return {
    mode,
    id,
    form,
    setForm,
    update,
    patch,
    errors,
    setErrors,
    refusalCodes,
    saving,
    save,
    leave,
    /** The record as it was read (an edit's or a copy's original), undefined before it is read and for a new one. */
    stored: loaded?.data,
    loading: id !== undefined && !form,
    failed: record.isError,
    /** Why the record could not be read (null while it can), and a new try. */
    failure: record.error,
    retry: () => void record.refetch(),
    conflict,
    reload,
    /** Unsaved changes: the form differs from what was shown (read when the user leaves). */
    dirty,
    /** Said above the form: what a copy did not take over. */
    notice: mode === 'copy' ? options.copyNotice : undefined,
    /** 409 → "keep editing": the form stays as typed and carries the version now stored, so the next save overwrites knowingly. */
    keepEditing: () => {
      const version = versionOf(conflict?.data);
      if (version !== undefined) setForm((current) => (current && 'version' in current ? { ...current, version } : current));
      setConflict(null);
    },
    /** Where the list was (its page), kept in the editor's query string. */
    search: location.search,
  };
}

/** The props of EditorPage that come from the editor as they are: mode, save, leave and the 409 dialog. */
export function editorPageProps(editor: Pick<ReturnType<typeof useAggregateEditor>, 'mode' | 'saving' | 'save' | 'leave' | 'conflict' | 'reload' | 'keepEditing' | 'dirty' | 'notice'>) {
  return {
    mode: editor.mode,
    dirty: editor.dirty,
    notice: editor.notice,
    saving: editor.saving,
    onSave: () => void editor.save(),
    onCancel: editor.leave,
    conflict: editor.conflict,
    onReload: editor.reload,
    onKeepEditing: editor.keepEditing,
  };
}

/** A save's reply: the record as saved (or, when its read after the commit failed, its id and the fields sent). */
interface SavedReply {
  data: { id: number } & Record<string, unknown>;
}

/** The option's choice for a mode. */
export function afterSaveIn(option: AfterSave | Record<EditorMode, AfterSave> | undefined, mode: EditorMode): AfterSave {
  if (option === undefined) return 'back';
  return typeof option === 'string' ? option : option[mode];
}

/** The errors without those under `prefix` (a field or a row that was just edited). */
export function dropErrors(errors: FieldErrors, prefix: string): FieldErrors {
  const keys = Object.keys(errors).filter((path) => path === prefix || path.startsWith(`${prefix}.`));
  if (keys.length === 0) return errors;
  const next = { ...errors };
  for (const key of keys) delete next[key];
  return next;
}
