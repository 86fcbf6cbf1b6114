/**
 * Документы (issue 28 "Documents"): the application's uploaded PDFs and its generated voucher and
 * contract, shown once its prices are fixed. They live outside the form: each upload and delete is
 * its own request (the form and its version stay as they are), and the tab re-reads its list —
 * every few seconds while a generated document is still being made.
 */
import { Button, Callout, FormGroup, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { APPLICATION_LIMITS } from '@shared/applications/constants';
import {
  APPLICATION_DOCUMENT_FIELD,
  APPLICATION_DOCUMENT_PATHS,
  GENERATED_DOCUMENT_LABELS,
  PENDING_DOCUMENTS_POLL_LIMIT_MS,
  PENDING_DOCUMENTS_POLL_MS,
  REGENERATE_DOCUMENTS_ROLES,
  type ApplicationDocument,
  type ApplicationDocumentsState,
} from '@shared/applications/documents';
import { APPLICATION_DOCUMENT_POLICY, downloadName, policyAccept, precheckFile } from '@shared/files';
import { MESSAGES } from '@shared/messages';
import type { Role } from '@shared/roles';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../../../api/http';
import { ConfirmDialog } from '../../../common/ConfirmDialog';
import { failureText, notifyFailure } from '../../../common/failure';
import { ReadFailure } from '../../../common/ReadFailure';
import { SafeLink } from '../../../common/SafeLink';
import { toast } from '../../../common/toaster';

const A = MESSAGES.applications;
const MAX = APPLICATION_LIMITS.documents;

/** The tab's query: the documents of one application, read again after each change and each save (`version`). */
const documentsKey = (applicationId: number) => ['applications', applicationId, 'documents'];

interface Props {
  applicationId: number;
  /** The application's version: a save may make or mark documents, so the list is read again. */
  version: number;
  role: Role | undefined;
  /** A cancelled application takes no document changes (the server refuses them): the list is read-only. */
  cancelled: boolean;
}

export function DocumentsTab({ applicationId, version, role, cancelled }: Props) {
  const queryClient = useQueryClient();
  // The re-reads stop when a document has been 'формируется' for long (a job that failed for good
  // leaves it pending; «Сформировать недостающие документы» queues it again, «Проверить» reads again).
  const [slow, setSlow] = useState(false);
  // Each ask for the documents starts the wait again.
  const [asks, setAsks] = useState(0);
  const documents = useQuery({
    queryKey: [...documentsKey(applicationId), version],
    queryFn: ({ signal }) => api.get<ApplicationDocumentsState>(APPLICATION_DOCUMENT_PATHS.list(applicationId), undefined, signal),
    // The list of the previous version stays on screen while a save's is read.
    placeholderData: keepPreviousData,
    // A generated document being made ('формируется') shows up by itself when done.
    refetchInterval: (query) => (!slow && query.state.data?.data.some((document) => document.pending) ? PENDING_DOCUMENTS_POLL_MS : false),
  });
  const pending = documents.data?.data.some((document) => document.pending) ?? false;
  useEffect(() => {
    if (!pending) return setSlow(false);
    const timer = setTimeout(() => setSlow(true), PENDING_DOCUMENTS_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [pending, asks]);
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ApplicationDocument | null>(null);
  const [regenerating, setRegenerating] = useState(false);

  // The list changed: this tab's query and the history (which records each upload and delete) are read again.
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: documentsKey(applicationId) });
    void queryClient.invalidateQueries({ queryKey: ['applications', applicationId, 'history'] });
  };

  const uploadedCount = documents.data?.data.filter((document) => !document.generated).length ?? 0;

  /** The chosen files one request after another (one person's uploads at once are bounded); each failure toasted with its reason. */
  async function upload(files: File[]) {
    let count = uploadedCount;
    let lastError: string | null = null;
    const refuse = (file: File, reason: string) => {
      lastError = reason;
      toast.error(`${file.name}: ${reason}`, MESSAGES.files.uploadFailed);
    };
    for (const file of files) {
      const precheck = count >= MAX ? A.documentsLimit(MAX) : precheckFile(file, APPLICATION_DOCUMENT_POLICY);
      if (precheck) {
        refuse(file, precheck);
        continue;
      }
      setUploading(file.name);
      const form = new FormData();
      form.append(APPLICATION_DOCUMENT_FIELD, file, file.name);
      try {
        await api.post(APPLICATION_DOCUMENT_PATHS.save(applicationId), form);
        count += 1;
        toast.success(A.documentUploaded(file.name));
      } catch (error) {
        const reason = error instanceof ApiError ? (error.fieldErrors[APPLICATION_DOCUMENT_FIELD]?.[0] ?? failureText(error, MESSAGES.files.uploadFailed)) : MESSAGES.files.uploadFailed;
        if (reason !== null) refuse(file, reason);
      }
    }
    setUploading(null);
    setFieldError(lastError);
    changed();
  }

  async function remove(document: ApplicationDocument) {
    try {
      const reply = await api.delete<{ message: string }>(APPLICATION_DOCUMENT_PATHS.document(applicationId, document.id));
      toast.success(reply.message);
    } catch (error) {
      notifyFailure(error, MESSAGES.errors.deleteFailed);
    }
    changed();
  }

  async function regenerate() {
    setRegenerating(true);
    setSlow(false);
    setAsks((count) => count + 1);
    try {
      const reply = await api.getChanging<{ message: string }>(APPLICATION_DOCUMENT_PATHS.regenerate(applicationId));
      toast.success(reply.message);
    } catch (error) {
      notifyFailure(error, MESSAGES.errors.unexpected);
    }
    setRegenerating(false);
    changed();
  }

  if (documents.isError) return <ReadFailure part title={A.loadFailed} error={documents.error} onRetry={() => void documents.refetch()} />;
  if (!documents.data) return <Spinner size={24} />;
  const list = documents.data.data;
  const full = uploadedCount >= MAX;
  const mayRegenerate = !cancelled && role !== undefined && REGENERATE_DOCUMENTS_ROLES.includes(role) && documents.data.need_generate_docs;

  return (
    <div className="application-documents" data-testid="application-documents">
      {slow && pending && (
        <Callout intent={Intent.WARNING} className="application-documents-slow">
          {A.documentsSlow}{' '}
          <Button variant="minimal" size="small" icon="refresh" onClick={() => void documents.refetch().then(() => { setSlow(false); setAsks((count) => count + 1); })}>
            {A.documentsCheckAgain}
          </Button>
        </Callout>
      )}
      <div className="application-documents-actions">
        {!cancelled && (
          <FormGroup helperText={fieldError ?? A.documentsCount(uploadedCount, MAX, APPLICATION_DOCUMENT_POLICY.maxBytes / (1024 * 1024))} intent={fieldError ? Intent.DANGER : Intent.NONE}>
            <Button icon="upload" intent={Intent.PRIMARY} loading={uploading !== null} disabled={full} title={full ? A.documentsLimit(MAX) : undefined} onClick={() => input.current?.click()}>
              {A.documentsUpload}
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              accept={policyAccept(APPLICATION_DOCUMENT_POLICY)}
              aria-label={A.documentsUpload}
              data-testid="application-documents-input"
              onChange={(event) => {
                const files = [...(event.currentTarget.files ?? [])];
                event.currentTarget.value = '';
                if (files.length > 0) void upload(files);
              }}
            />
          </FormGroup>
        )}
        {mayRegenerate && (
          <Button icon="document-share" loading={regenerating} onClick={() => void regenerate()}>
            {A.documentsRegenerate}
          </Button>
        )}
      </div>
      {list.length === 0 ? (
        <Callout>{A.documentsNone}</Callout>
      ) : (
        <HTMLTable compact striped className="application-documents-table">
          <tbody>
            {list.map((document) => (
              <tr key={document.id} data-testid="application-document">
                <td>
                  {document.kind && (
                    <Tag minimal intent={Intent.PRIMARY} className="application-document-kind">
                      {GENERATED_DOCUMENT_LABELS[document.kind]}
                    </Tag>
                  )}
                  {document.pending ? (
                    <span className="bp6-text-muted">
                      {document.name} — {A.documentPending}
                    </span>
                  ) : (
                    <SafeLink href={document.url} target="_blank" download={downloadName(document.name, document.url ?? '')}>
                      {document.name}
                    </SafeLink>
                  )}
                </td>
                <td className="application-document-actions">
                  {!document.generated && !cancelled && (
                    <Button variant="minimal" size="small" icon="trash" intent={Intent.DANGER} onClick={() => setDeleting(document)}>
                      {MESSAGES.list.delete}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        icon="trash"
        intent="danger"
        confirmText={MESSAGES.list.delete}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const document = deleting!;
          setDeleting(null);
          void remove(document);
        }}
      >
        {deleting ? A.documentDeleteConfirm(deleting.name) : ''}
      </ConfirmDialog>
    </div>
  );
}
