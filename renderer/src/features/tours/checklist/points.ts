/**
 * What the checklist tab shows of a point (spec 03 §2.5 "Checklist tab"): its label by kind —
 * services by class (доп. услуга / услуга / групповая услуга), meals as 'поставщик - название' with
 * the tour days, transport there or back — and which points a save sends (the changed ones).
 */
import { CHECKLIST_SERVICE_LABELS } from '@shared/tours/constants';
import type { ChecklistCheckable, ChecklistPoint } from '@shared/tours/types';

export function pointLabel(point: Pick<ChecklistPoint, 'checkable_alias' | 'checkable'>): string {
  const item: ChecklistCheckable = point.checkable;
  switch (point.checkable_alias) {
    case 'tour_service': {
      const kind = item.class !== undefined ? (CHECKLIST_SERVICE_LABELS[item.class] ?? item.class_name) : item.class_name;
      return kind ? `${item.name} (${kind})` : item.name;
    }
    case 'meal': {
      const named = [item.vendor_name, item.name].filter((part) => part !== null && part !== undefined && part !== '').join(' - ');
      return item.days && item.days.length > 0 ? `${named} (дни: ${item.days.join(', ')})` : named;
    }
    case 'transport':
      return `${item.name} (${item.is_forth === false ? 'обратно' : 'туда'})`;
    default:
      return item.name;
  }
}

/** A point as edited: its checkbox and note. */
export type PointEdit = Pick<ChecklistPoint, 'checked' | 'comment'>;

/** The points whose checkbox or note differ from what was read, as PATCH takes them (with the version read). */
export function changedPoints(points: readonly ChecklistPoint[], edits: ReadonlyMap<number, PointEdit>) {
  return points.flatMap((point) => {
    const edit = edits.get(point.id);
    if (!edit) return [];
    const comment = edit.comment?.trim() ? edit.comment : null;
    if (edit.checked === point.checked && comment === (point.comment ?? null)) return [];
    return [{ id: point.id, version: point.version, checked: edit.checked, comment }];
  });
}
