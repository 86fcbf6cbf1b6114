/**
 * The application editor (spec 03 §2.3; issue 18): /applications/create and /applications/{id}/edit.
 * The whole application is one form saved as `{payload}` after the question naming its status; the
 * application is read again after a save (the server decides statuses, prices, seats and the payment
 * status).
 */
import { Button, Callout, Intent } from '@blueprintjs/core';
import { ApplicationStatus, applicationStatus, applicationType, canEditAgencyCommission, canEditPrepayment, canEditPrice, LEGS, RequesterType, sourceLabel } from '@shared/applications/constants';
import type { ApplicationEditorData } from '@shared/applications/editor-data';
import { APPLICATION_PATHS } from '@shared/applications/paths';
import { applicationSaveErrors, neededCounts } from '@shared/applications/persons';
import { applicationSchema, transportKey } from '@shared/applications/schema';
import type { ApplicationRecord } from '@shared/applications/types';
import { MESSAGES } from '@shared/messages';
import { REFUSAL_CODES, type RefusalCodes } from '@shared/api';
import type { FieldErrors } from '@shared/validation';
import { Role } from '@shared/roles';
import { ROUTES, routePath } from '@shared/routes';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clientsResource, type ClientRow } from '@shared/resources/clients';
import { api } from '../../api/http';
import type { SetField } from '../../common/form/fields';
import { useSession } from '../../api/session';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { ReadFailure } from '../../common/ReadFailure';
import { EditorPage } from '../../common/editor/EditorPage';
import { editorPageProps, useAggregateEditor } from '../../common/editor/useAggregateEditor';
import { editorReadState, useEditorData } from '../../common/editor/useEditorData';
import { useProduct, TYPE_OFFERS } from './data';
import { APPLICATION_TAB_OWNS, applicationFromRecord, blankApplication, copyApplication, generalOwns, type ApplicationValues } from './form';
import { ApplicationHeader } from './ApplicationHeader';
import { ChatButton, chatApplicationOf } from './chat';
import { AccommodationsTab } from './tabs/AccommodationsTab';
import { CommentsTab } from './tabs/CommentsTab';
import { ContactsTab } from './tabs/ContactsTab';
import { GeneralTab } from './tabs/GeneralTab';
import { DocumentsTab } from './tabs/DocumentsTab';
import { HistoryTab } from './tabs/HistoryTab';
import { MealsTab } from './tabs/MealsTab';
import { PaymentsTab } from './tabs/PaymentsTab';
import { VendorPaymentsTab } from './tabs/VendorPaymentsTab';
import { ServicesTab } from './tabs/ServicesTab';
import { SourceDataTab } from './tabs/SourceDataTab';
import { TouristsTab } from './tabs/TouristsTab';
import { TransfersTab } from './tabs/TransfersTab';
import { TransportTab } from './tabs/TransportTab';
import { VendorRequestTab } from './tabs/VendorRequestTab';
import { useMarkWatched } from './useMarkWatched';
import { useTotals } from './useTotals';
import { TotalsBlock } from './TotalsBlock';
import { paymentTotals } from './totals';
import { roleLockReason, roleMayChange, type ApplicationField } from '@shared/applications/field-rules';
import { partLockReason, saveLockReason } from './locks';
import './applications.css';

const A = MESSAGES.applications;
/** The fields above the tabs (ApplicationHeader): a part of the editor a status may lock as a whole. */
const HEADER_PART = { owns: ['application_type', 'applicationable_id', 'requester_type', 'requester_id', 'tour_date'] };
/** Where Cancel goes when the editor was opened directly: the applications list. */
const APPLICATIONS_BACK = routePath('applications');

export function ApplicationEditorPage() {
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const role = user?.role;
  const lists = useEditorData<{ data: ApplicationEditorData }>({ data: APPLICATION_PATHS.data });
  const data = lists.data?.data;
  const editor = useAggregateEditor<ApplicationValues, ApplicationRecord>({
    path: APPLICATION_PATHS.create,
    editor: 'application',
    afterSave: 'reload',
    schema: applicationSchema,
    // Every error the form shows before the stored data is read, at once (the office's save: the product's row too).
    validate: (values, mode) => applicationSaveErrors(values, { office: true, creating: mode !== 'edit' }),
    // A manager's new application is theirs (they may assign only themself, spec 03 §6).
    blank: () => (user && user.role === Role.Manager ? { ...blankApplication(), user_id: user.id, user: { id: user.id, name: user.name } } : blankApplication()),
    fromRecord: applicationFromRecord,
    toCopy: copyApplication,
    fallback: APPLICATIONS_BACK,
    texts: { saved: A.saved, created: A.created, saveFailedTitle: MESSAGES.errors.saveFailedTitle, saveFailedText: MESSAGES.errors.saveFailedText, loadFailed: A.loadFailed },
    refusalSaysReason: true,
  });
  const { form, errors, patch, setErrors, refusalCodes } = editor;
  /** The vendor payment sums refused as overpayments, while their errors are shown. */
  const overpaid = overpaidPaths(errors, refusalCodes);
  /** What the counts' last raise changed, said above the tabs until closed. */
  const [countsNote, setCountsNote] = useState<string | null>(null);
  // Tourists and stays beyond the counts raise them (each a person: a seat on each leg, a price), and the note says so.
  const update: SetField<ApplicationValues> = (key, value) => {
    editor.update(key, value);
    if (!form || (key !== 'tourists' && key !== 'accommodations')) return;
    const next = { ...form, [key]: value };
    const before = { adults: Number(next.adult_count) || 0, children: Number(next.child_count) || 0 };
    const needed = neededCounts(next);
    if (needed.adults === before.adults && needed.children === before.children) return;
    patch({ adult_count: needed.adults, child_count: needed.children });
    setCountsNote(A.countsRaised(before, needed, LEGS.filter((leg) => next[transportKey(leg)]).length));
  };
  const stored = editor.mode === 'edit' ? editor.stored : undefined;
  // A client chosen as the requester gives the application its phone and e-mail where they are empty.
  const fillContacts = (clientId: number) => {
    if (form?.requester_type !== RequesterType.Client) return;
    api
      .get<{ data: ClientRow }>(`${clientsResource.path}/${clientId}`)
      .then(({ data: client }) => editor.setForm((current) => (current && current.requester_id === clientId ? { ...current, phone: current.phone || client.phone, email: current.email || client.email } : current)))
      // A convenience only: unread, the fields stay as they were for the user to fill.
      .catch(() => undefined);
  };
  const product = useProduct(form?.application_type ?? null, form?.applicationable_id ?? null);
  const totals = useTotals(editor.mode === 'edit' ? editor.id : undefined, form, stored?.totals);
  const [confirming, setConfirming] = useState(false);
  // Opened by the office: no longer unwatched (the badge's count).
  useMarkWatched(stored?.id);

  const privileged = role === Role.Administrator || role === Role.Accountant;
  // Why the signed-in role may not change a field (the rule table's refusal), or null: a role-locked field says it on hover.
  const roleLock = (field: ApplicationField) => roleLockReason(field, role ?? -1);
  // A cancelled application is read-only but for what the rule table lets it take (its money): the parts that own
  // only refused fields are locked, Save waits for a change of an allowed one, and a banner says why.
  const cancelled = stored?.status === ApplicationStatus.Cancelled;
  const shownForm = useMemo(() => (stored ? applicationFromRecord(stored) : null), [stored]);
  const saveLocked = form && shownForm ? saveLockReason(form, shownForm, cancelled) : null;
  // A stored application says what its reader may change; a new one follows the same shared rules.
  const may = stored
    ? { price: stored.can_edit_price, agencyCommission: stored.can_edit_agency_commission, prepayment: stored.can_edit_prepayment }
    : { price: canEditPrice(Number(form?.status), false, privileged), agencyCommission: canEditAgencyCommission(Number(form?.status), false, privileged), prepayment: canEditPrepayment(Number(form?.status), false) };
  const props = form && data ? { form, update, errors, setErrors, data } : null;
  const type = applicationType(form?.application_type);
  const offers = TYPE_OFFERS[form?.application_type ?? 0];
  const shows = (offered: boolean | undefined, has: boolean) => Boolean(offered) || has;
  const statusName = applicationStatus(Number(form?.status))?.name ?? '';
  const heading = stored ? [stored.number, stored.application_type_name, stored.applicationable?.name, sourceLabel(stored.source, platformOf(stored.source_payload))].filter(Boolean).join(' · ') : sourceLabel(form?.source ?? null);

  return (
    <>
      <EditorPage
        id="application-editor"
        {...editorPageProps(editor)}
        onSave={() => setConfirming(true)}
        titles={{ create: A.createTitle, edit: A.editTitle, copy: ROUTES['application-copy'].title }}
        breadcrumbs={[{ text: ROUTES.applications.title, href: APPLICATIONS_BACK, onClick: () => navigate(APPLICATIONS_BACK) }, { text: editor.mode === 'create' ? A.createTitle : (stored?.number ?? A.editTitle) }]}
        errors={errors}
        lockedNotice={cancelled ? A.cancelledNotice : null}
        saveLocked={saveLocked}
        {...editorReadState(editor, lists)}
        failedText={A.loadFailed}
        header={
          props && (
            <>
              <ApplicationHeader {...props} locked={partLockReason(HEADER_PART, cancelled)} heading={heading} patch={patch} product={product.data} onRequesterPicked={fillContacts} actions={stored && <ChatButton application={chatApplicationOf(stored)} />} />
              {/* Without its product the tabs lack its rooms, dates, route and services: said here, not shown as none. */}
              {product.isError && <ReadFailure part title={A.productReadFailed} error={product.error} onRetry={() => void product.refetch()} />}
              <TotalsBlock {...totals} type={props.form.application_type} requesterType={props.form.requester_type} payments={paymentTotals(props.form, totals.totals)} />
              {countsNote && (
                <Callout intent={Intent.PRIMARY} icon="people" className="application-counts-note" data-testid="counts-note">
                  <span>{countsNote}</span>
                  <Button variant="minimal" size="small" icon="cross" aria-label={MESSAGES.list.close} title={MESSAGES.list.close} onClick={() => setCountsNote(null)} />
                </Callout>
              )}
            </>
          )
        }
        tabs={
          props
            ? [
                { id: 'general', title: 'Основное', owns: generalOwns, panel: <GeneralTab {...props} may={may} privileged={privileged} roleLock={roleLock} stored={stored !== undefined} assignedUserId={stored?.user_id ?? null} totals={totals} paymentStatusName={stored?.payment_status_name ?? data?.payment_statuses[0]?.name ?? ''} /> },
                { id: 'accommodations', title: 'Проживание', owns: APPLICATION_TAB_OWNS.accommodations, hidden: !shows(offers?.accommodations, props.form.accommodations.length > 0), panel: <AccommodationsTab {...props} product={product.data} /> },
                { id: 'transport', title: 'Транспорт', owns: APPLICATION_TAB_OWNS.transport, hidden: !shows(offers?.transport, Boolean(props.form.transport_forth || props.form.transport_back)), panel: <TransportTab {...props} product={product.data} applicationId={stored?.id} stored={stored} onChanged={editor.retry} /> },
                { id: 'transfers', title: 'Трансферы', owns: APPLICATION_TAB_OWNS.transfers, hidden: !shows(offers?.transfers, Boolean(props.form.transfer_forth || props.form.transfer_back)), panel: <TransfersTab {...props} /> },
                { id: 'services', title: 'Услуги', owns: APPLICATION_TAB_OWNS.services, hidden: !shows(offers?.services, props.form.services.length + props.form.required_services.length + props.form.additional_services.length > 0), panel: <ServicesTab {...props} product={product.data} /> },
                { id: 'meals', title: 'Питание', owns: APPLICATION_TAB_OWNS.meals, hidden: !shows(offers?.meals, props.form.meals.length > 0), panel: <MealsTab {...props} product={product.data} /> },
                { id: 'tourists', title: 'Туристы', owns: APPLICATION_TAB_OWNS.tourists, hidden: type?.touristsEditable === false, panel: <TouristsTab {...props} /> },
                { id: 'contacts', title: 'Контакты', owns: APPLICATION_TAB_OWNS.contacts, panel: <ContactsTab {...props} /> },
                // The administrator's and the accountant's (the rule table's roles); a manager sees no tab.
                { id: 'payments', title: 'Оплаты', owns: APPLICATION_TAB_OWNS.payments, hidden: !roleMayChange('payments', role ?? -1), panel: <PaymentsTab {...props} /> },
                { id: 'vendor-payments', title: 'Учет ДС', owns: APPLICATION_TAB_OWNS.vendorPayments, panel: <VendorPaymentsTab {...props} summary={stored?.vendor_payments_info ?? []} /> },
                // Once its prices are fixed (the application's own lock, whoever reads), outside the form: owns nothing.
                { id: 'documents', title: 'Документы', owns: [], hidden: !stored?.prices_locked, panel: stored && <DocumentsTab applicationId={stored.id} version={stored.version} role={role} cancelled={cancelled} /> },
                { id: 'vendor-request', title: 'Запрос поставщику', owns: [], panel: <VendorRequestTab {...props} product={product.data} /> },
                // An application from an outside service (its booking at the vendor): built when opened, each read a live call to the supplier.
                { id: 'comments', title: MESSAGES.applicationComments.tab, owns: [], lazy: true, hidden: !(stored?.external_id && stored.external_vendor_id !== null), panel: stored && <CommentsTab applicationId={stored.id} /> },
                { id: 'history', title: 'История', owns: [], hidden: !stored, panel: <HistoryTab applicationId={stored?.id} version={stored?.version} /> },
                { id: 'source', title: 'Исходные данные', owns: [], hidden: role !== Role.Administrator, panel: <SourceDataTab record={stored} /> },
              ].map((tab) => ({ ...tab, locked: partLockReason(tab, cancelled) }))
            : []
        }
      />
      {/* The server refused paying a vendor above its net: asked once, then the same save with confirm_overpayment. */}
      <ConfirmDialog
        isOpen={overpaid.length > 0}
        icon="warning-sign"
        intent="warning"
        confirmText={MESSAGES.list.save}
        onCancel={() => setErrors((current) => without(current, overpaid))}
        onConfirm={() => {
          setErrors((current) => without(current, overpaid));
          void editor.save({ confirm_overpayment: true });
        }}
      >
        {A.confirmOverpayment}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={confirming}
        icon="warning-sign"
        intent="warning"
        confirmText={MESSAGES.list.save}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void editor.save();
        }}
      >
        {A.statusConfirm(statusName)}
      </ConfirmDialog>
    </>
  );
}

/** The paths the server refused as overpayments (code `vendor_overpaid`) whose errors the form still shows. */
const overpaidPaths = (errors: FieldErrors, codes: RefusalCodes): string[] =>
  Object.entries(codes)
    .filter(([path, code]) => code === REFUSAL_CODES.vendorOverpaid && errors[path])
    .map(([path]) => path);
const without = (errors: FieldErrors, paths: string[]): FieldErrors => Object.fromEntries(Object.entries(errors).filter(([path]) => !paths.includes(path)));

/** The mobile application's platform from the raw source payload, when it names one. */
function platformOf(payload: unknown): string | null {
  return payload !== null && typeof payload === 'object' && 'platform' in payload && typeof payload.platform === 'string' ? payload.platform : null;
}
