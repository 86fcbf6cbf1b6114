/**
 * /imports/mappings (issue 31): the administrator's mapping list of the suppliers' values — which of
 * our cities, room types, placements and accommodations each vendor's value stands for. The import
 * job adds the values it meets; here the administrator maps them (a select of the kind's own
 * handbook), re-maps or unmaps them, or deletes a row (the next run lists the value again).
 */
import { HTMLTable, Tag } from '@blueprintjs/core';
import { pickerPath } from '@shared/list';
import { MESSAGES } from '@shared/messages';
import { CITY_LIMITS } from '@shared/resources/cities';
import { MAPPING_KIND_OPTIONS, MAPPING_TARGET_PATHS, supplierMappingsResource, type MappingKind, type SupplierMappingRow } from '@shared/resources/supplier-mappings';
import { vendorsResource } from '@shared/resources/vendors';
import { routePath } from '@shared/routes';
import { FormField, type FieldRenderProps, type OptionsSource } from '../../common/form/fields';
import { defineResourceScreen } from '../../common/resource/definition';
import './imports.css';

const T = MESSAGES.imports.mappings;

/** Our rows of a kind: cities are searched as every city select searches them, the room handbooks are read whole. */
const targetOptions = (kind: MappingKind): OptionsSource =>
  kind === 'city' ? { search: MAPPING_TARGET_PATHS.city, limit: CITY_LIMITS.searchLimit, delayMs: CITY_LIMITS.searchDelayMs } : { path: pickerPath(MAPPING_TARGET_PATHS[kind]) };

function TargetCell({ row }: { row: SupplierMappingRow }) {
  return row.target ? <span className="cell-value">{row.target.name}</span> : <Tag intent="warning" minimal>{T.unmapped}</Tag>;
}

/** The value being mapped (read-only) and the select of our row of its kind. */
function TargetField(props: FieldRenderProps) {
  // The form holds the row as read (toValues): its read-only parts are shown, only target_id is edited.
  const row: Partial<SupplierMappingRow> = props.values;
  return (
    <>
      <HTMLTable compact className="mapping-summary">
        <tbody>
          <tr><th>Поставщик</th><td>{row.vendor?.name}</td></tr>
          <tr><th>Справочник</th><td>{row.kind_name}</td></tr>
          <tr><th>Значение поставщика</th><td>{row.value}</td></tr>
        </tbody>
      </HTMLTable>
      {row.kind && (
        <FormField
          {...props}
          field={{ kind: 'select', name: 'target_id', label: T.target, hint: T.hint, clearable: true, placeholder: T.unmapped, options: targetOptions(row.kind), known: () => (row.target ? [row.target] : []) }}
        />
      )}
    </>
  );
}

export const mappingsScreen = defineResourceScreen<SupplierMappingRow, SupplierMappingRow>({
  resource: supplierMappingsResource,
  title: T.title,
  subtitle: T.subtitle,
  breadcrumbs: () => [{ text: MESSAGES.imports.title, to: routePath('imports') }, { text: T.title }],
  columns: [
    { key: 'id', title: 'ID', width: 70 },
    { key: 'vendor', title: 'Поставщик', render: (row) => row.vendor.name, text: (row) => row.vendor.name },
    { key: 'kind_name', title: 'Справочник', width: 190 },
    { key: 'value', title: 'Значение поставщика' },
    { key: 'target', title: T.target, render: (row) => <TargetCell row={row} />, text: (row) => row.target?.name ?? T.unmapped },
  ],
  filters: [
    { kind: 'select', param: 'vendor_id', label: 'Поставщик', options: { path: pickerPath(vendorsResource.path) } },
    { kind: 'select', param: 'kind', label: 'Справочник', options: { items: MAPPING_KIND_OPTIONS } },
    { param: 'unmapped', label: T.filter, yes: T.onlyUnmapped, no: T.onlyMapped },
  ],
  form: {
    titles: { create: T.edit, edit: T.edit },
    fields: [{ kind: 'custom', name: 'target_id', label: T.target, render: (props) => <TargetField {...props} /> }],
    initial: { target_id: null },
    toValues: (record) => ({ ...record }),
  },
  confirmDelete: T.confirmDelete,
});
