/**
 * Комментарии (spec 03 §2.3, §3 "External-service message", §7; issue 31): the conversation about an
 * outside application's booking with its supplier, read and sent live through the vendor's connector
 * (GET/POST /api/external-services/{applicationId}/messages). Oldest first, ours on the right; the
 * form beside them sends a message of a kind the supplier takes and the list is read again. A supplier that does
 * not answer is said in the tab (the server's message and Retry), never a blank list; a refused
 * message says the server's words under its field.
 */
import { Button, Callout, FormGroup, Intent, NonIdealState, Spinner, Tag, TextArea } from '@blueprintjs/core';
import { APPLICATION_LIMITS } from '@shared/applications/constants';
import { externalMessagesPath, type ExternalMessage, type ExternalMessages } from '@shared/applications/external-messages';
import { formatDateTime } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../../../api/http';
import { notifyFailure } from '../../../common/failure';
import { FormField, type FieldSpec } from '../../../common/form/fields';
import { ReadFailure } from '../../../common/ReadFailure';
import { toast } from '../../../common/toaster';

const C = MESSAGES.applicationComments;
const LIMIT = APPLICATION_LIMITS.externalMessage;

interface Draft {
  type: string | null;
  text: string;
}

/** The fields a refusal may name on this form; anything else is said in a toast. */
const FORM_FIELDS = ['type', 'text'] as const;

export function CommentsTab({ applicationId }: { applicationId: number }) {
  const queryClient = useQueryClient();
  const key = ['applications', applicationId, 'external-messages'] as const;
  const messages = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<ExternalMessages>(externalMessagesPath(applicationId), undefined, signal),
    // A supplier down answers 503 after its timeout: said at once with Retry, not asked twice more.
    retry: false,
  });
  const [draft, setDraft] = useState<Draft>({ type: null, text: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const types = messages.data?.types ?? [];
  // The first kind the supplier takes is chosen until the user picks another.
  const type = draft.type ?? types[0]?.id ?? null;

  const send = useMutation({
    mutationFn: (body: { type: string; text: string }) => api.post<{ data: ExternalMessage }>(externalMessagesPath(applicationId), body),
    onSuccess: () => {
      setDraft((current) => ({ ...current, text: '' }));
      setErrors({});
      toast.success(C.sent);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (failure) => {
      const fields = failure instanceof ApiError ? failure.fieldErrors : {};
      setErrors(fields);
      // Said under its field when the refusal names one of the form's; otherwise the server's first message (a 5xx: by the client already).
      if (!FORM_FIELDS.some((name) => fields[name])) notifyFailure(failure, C.sendFailed);
    },
  });
  const sendable = type !== null && draft.text.trim() !== '' && !send.isPending;
  const submit = () => {
    if (sendable) send.mutate({ type, text: draft.text });
  };
  const setValue = <K extends keyof Draft>(name: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? Object.fromEntries(Object.entries(current).filter(([path]) => path !== name)) : current));
  };

  if (messages.isError) return <ReadFailure title={C.loadFailed} error={messages.error} onRetry={() => void messages.refetch()} />;
  if (!messages.data) return <Spinner size={24} />;
  const typeField: FieldSpec<Draft> = { kind: 'select', name: 'type', label: C.type, required: true, options: { items: types } };
  const textError = errors.text?.[0];
  return (
    <div className="application-comments" data-testid="external-messages">
      <Conversation messages={messages.data.data} typeName={(id) => types.find((kind) => kind.id === id)?.name ?? id} />
      {types.length === 0 ? (
        <Callout intent={Intent.WARNING} icon="disable">
          {C.noTypes}
        </Callout>
      ) : (
        <div className="application-comments-form" data-testid="external-message-form">
          <FormField field={typeField} values={{ type, text: draft.text }} setValue={setValue} errors={errors} editing={false} idPrefix="comment" />
          <FormGroup label={C.text} labelFor="comment-text" labelInfo="*" helperText={textError ?? C.counter(draft.text.length, LIMIT)} intent={textError ? Intent.DANGER : Intent.NONE} className="application-comments-text">
            <TextArea
              id="comment-text"
              fill
              rows={6}
              maxLength={LIMIT}
              value={draft.text}
              intent={textError ? Intent.DANGER : Intent.NONE}
              onChange={(event) => setValue('text', event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
              }}
            />
          </FormGroup>
          <Button intent={Intent.PRIMARY} icon="send-message" text={C.send} disabled={!sendable} loading={send.isPending} onClick={submit} />
        </div>
      )}
    </div>
  );
}

/** Oldest first (the protocol names no order), the newest in view at the bottom. */
function Conversation({ messages, typeName }: { messages: ExternalMessage[]; typeName(id: string): string }) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Within the list only: the page itself stays where the user has it.
    const list = end.current?.parentElement;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages]);
  if (messages.length === 0) return <NonIdealState icon="chat" description={C.empty} className="application-comments-empty" />;
  const shown = [...messages].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  return (
    <div className="application-comments-list">
      {shown.map((message) => (
        <div key={message.id} className={`application-comments-message ${message.is_our ? 'ours' : 'theirs'}`} data-testid="external-message">
          <div className="application-comments-meta">
            <Tag minimal intent={message.is_our ? Intent.PRIMARY : Intent.NONE}>
              {message.is_our ? C.ours : C.supplier}
            </Tag>
            <span className="application-comments-author">{message.author}</span>
            <span className="application-comments-type-name">{typeName(message.type)}</span>
            <span className="application-comments-date">{formatDateTime(message.date)}</span>
          </div>
          <div className="application-comments-body">{message.text}</div>
        </div>
      ))}
      <div ref={end} />
    </div>
  );
}
