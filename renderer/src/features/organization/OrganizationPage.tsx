/**
 * «Реквизиты организации» (issue 28): the one record of the operator's details that every generated
 * document names, under Справочники. The administrator edits and saves it in place; the accountant and
 * the manager read it with every field locked (the server answers their save 403). The form is the
 * resource form of the kit (useResourceForm with `single`): validation by the shared schema, the
 * server's 422 under the fields, the version conflict dialog, the leave guard.
 */
import { Button, Card, H2, H4, Intent, Spinner } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { ORGANIZATION_DIGITS, ORGANIZATION_FIELDS, ORGANIZATION_LABELS, ORGANIZATION_PATH, ORGANIZATION_WRITE_ROLES, organizationSchema, type Organization, type OrganizationRecord } from '@shared/resources/organization';
import { ROUTES } from '@shared/routes';
import { useSession } from '../../api/session';
import { useLeaveGuard } from '../../common/editor/useLeaveGuard';
import { FormFields, type FieldSpec } from '../../common/form/fields';
import { LockedScope } from '../../common/form/locks';
import { ReadFailure } from '../../common/ReadFailure';
import { useResourceForm, type ResourceWithForm } from '../../common/resource/useResourceForm';
import { VersionConflictDialog } from '../../common/version/VersionConflictDialog';
import '../../common/resource/formPage.css';
import './organization.css';

const O = MESSAGES.organization;

const field = (name: keyof Organization, extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: 'text', name, label: ORGANIZATION_LABELS[name], ...extra }) as FieldSpec;
/** A code of a fixed number of digits, the count said under it. */
const code = (name: keyof typeof ORGANIZATION_DIGITS) => field(name, { hint: O.digitHint(ORGANIZATION_DIGITS[name]) });

/** The form's groups — the company as the contract names it, its bank, how to reach it — in rows of one or two fields (1366×768 without scrolling). */
const SECTIONS: { title: string; rows: FieldSpec[][] }[] = [
  {
    title: O.sections.company,
    rows: [
      [field('legal_name')],
      [code('inn'), code('ogrn')],
      [field('address', { kind: 'textarea', rows: 2 })],
      [field('registry_number')],
      [field('financial_guarantee', { kind: 'textarea', rows: 2, hint: O.guaranteeHint })],
    ],
  },
  { title: O.sections.bank, rows: [[field('bank_name')], [code('bik')], [code('settlement_account'), code('correspondent_account')]] },
  { title: O.sections.contacts, rows: [[field('phone'), field('email', { kind: 'email' })]] },
];

const definition: ResourceWithForm<OrganizationRecord> = {
  resource: {
    path: ORGANIZATION_PATH,
    createSchema: organizationSchema,
    updateSchema: organizationSchema,
    messages: { saved: O.saved, loadFailed: O.loadFailed },
  },
  form: {
    titles: { create: ROUTES.organization.title, edit: ROUTES.organization.title },
    fields: SECTIONS.flatMap((section) => section.rows.flat()),
    initial: Object.fromEntries(ORGANIZATION_FIELDS.map((name) => [name, ''])),
  },
};

export function OrganizationPage() {
  const role = useSession((state) => state.user?.role);
  const writable = role !== undefined && ORGANIZATION_WRITE_ROLES.includes(role);
  const { form, record, saving, submit, conflict, loading, dirty } = useResourceForm(definition, { single: true, mode: 'edit' });
  const leaveGuard = useLeaveGuard(dirty);

  if (record.isError) {
    return <ReadFailure title={O.loadFailed} error={record.error} onRetry={() => void record.refetch()} className="status-page" />;
  }
  const section = ({ title, rows }: (typeof SECTIONS)[number]) => (
    <section key={title} className="organization-section" aria-label={title}>
      <H4>{title}</H4>
      {rows.map((fields) => (
        <div key={fields[0]!.name} className="organization-row">
          <FormFields fields={fields} form={form} editing />
        </div>
      ))}
    </section>
  );
  return (
    <Card className="resource-form-page organization-page" elevation={1}>
      <div className="screen-heading">
        <H2>{ROUTES.organization.title}</H2>
      </div>
      {loading ? (
        <Spinner />
      ) : (
        <form onSubmit={submit} noValidate>
          <LockedScope reason={writable ? null : O.administratorOnly}>
            <div className="organization-columns">
              <div>{section(SECTIONS[0]!)}</div>
              <div>
                {section(SECTIONS[1]!)}
                {section(SECTIONS[2]!)}
              </div>
            </div>
          </LockedScope>
          <div className="form-page-footer">
            {writable ? <Button type="submit" intent={Intent.PRIMARY} text={MESSAGES.list.save} loading={saving} /> : <span className="bp6-text-muted">{O.administratorOnly}</span>}
          </div>
        </form>
      )}
      <VersionConflictDialog {...conflict.dialog} />
      {leaveGuard}
    </Card>
  );
}
