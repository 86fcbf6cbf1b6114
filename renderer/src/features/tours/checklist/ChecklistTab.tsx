/**
 * The tour's checklist (spec 03 §2.5 "Checklist tab", §8): saved on its own, outside the tour's
 * payload. Without one, a Create button (POST). Otherwise Текущие and Прошедшие dates (a date before
 * today is past), each collapsible and green when all its points are checked, red otherwise; points
 * grouped into Услуги, Отели, Питание, Транспорт, each with a checkbox and a note. Save PATCHes the
 * changed points with the versions read; a 409 names the points a colleague changed and reloads.
 */
import { Button, Callout, Checkbox, Collapse, Icon, Intent, NonIdealState, Spinner, Tab, Tabs, TextArea } from '@blueprintjs/core';
import { formatDate } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import { CHECKLIST_ALIASES, CHECKLIST_SECTIONS, TOUR_LIMITS } from '@shared/tours/constants';
import { TOUR_PATHS } from '@shared/tours/paths';
import type { Checklist, ChecklistDate, ChecklistPoint } from '@shared/tours/types';
import type { FieldErrors } from '@shared/validation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { api, ApiError } from '../../../api/http';
import { ReadFailure } from '../../../common/ReadFailure';
import { notifyFailure } from '../../../common/failure';
import { toast } from '../../../common/toaster';
import { changedPoints, pointLabel, type PointEdit } from './points';

const T = MESSAGES.tours;

export function ChecklistTab({ tourId }: { tourId: number | undefined }) {
  if (tourId === undefined) return <NonIdealState icon="tick-circle" title="Чеклист" description="Чеклист можно создать после сохранения тура." />;
  return <TourChecklist tourId={tourId} />;
}

function TourChecklist({ tourId }: { tourId: number }) {
  const path = TOUR_PATHS.checklist(tourId);
  // Keyed under the tours' path: a save of the tour (which syncs the points) reads it again.
  const key = [TOUR_PATHS.list, 'checklist', tourId];
  const queryClient = useQueryClient();
  const read = useQuery({ queryKey: key, queryFn: ({ signal }) => api.get<{ data: Checklist }>(path, undefined, signal), gcTime: 0, refetchOnWindowFocus: false });
  const [edits, setEdits] = useState<Map<number, PointEdit>>(new Map());
  const [pointErrors, setPointErrors] = useState<Map<number, string[]>>(new Map());
  const [busy, setBusy] = useState(false);
  const [tab, setTab] = useState<'current' | 'past'>('current');
  const checklist = read.data?.data;
  useEffect(() => {
    setEdits(new Map());
    setPointErrors(new Map());
  }, [checklist]);
  const points = useMemo(() => (checklist ? [...checklist.current, ...checklist.past].flatMap((date) => date.points) : []), [checklist]);

  if (read.isError) return <ReadFailure error={read.error} title={MESSAGES.errors.unexpected} onRetry={() => void read.refetch()} />;
  if (!checklist) return <Spinner size={30} />;
  const show = (next: Checklist) => queryClient.setQueryData(key, { data: next });

  const create = async () => {
    setBusy(true);
    try {
      show((await api.post<{ data: Checklist }>(path)).data);
      toast.saved(T.checklistSaved);
    } catch (error) {
      notifyFailure(error, T.checklistSaveFailed, { saveFailure: true });
    } finally {
      setBusy(false);
    }
  };

  if (!checklist.exists) {
    return <NonIdealState icon="tick-circle" title="Чеклиста ещё нет" description="Пункты создаются по каждой дате тура из его услуг, отелей, питания и транспорта." action={<Button intent={Intent.PRIMARY} icon="add" text="Создать чеклист" loading={busy} onClick={() => void create()} />} />;
  }

  const changed = changedPoints(points, edits);
  const save = async () => {
    if (changed.length === 0) return;
    setBusy(true);
    try {
      show((await api.patch<{ data: Checklist }>(path, { points: changed })).data);
      toast.saved(T.checklistSaved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const names = conflictedPoints(error.body, points).map(pointLabel);
        toast.saveFailed(names.length > 0 ? `${T.checklistConflict} ${names.join('; ')}` : T.checklistConflict, T.checklistSaveFailed);
        void read.refetch();
      } else if (error instanceof ApiError && error.status === 422) {
        const byPoint = errorsByPoint(error.fieldErrors, changed.map((point) => point.id));
        setPointErrors(byPoint);
        const first = [...byPoint.values()][0]?.[0] ?? Object.values(error.fieldErrors)[0]?.[0];
        toast.saveFailed(first ?? MESSAGES.errors.saveFailedText, T.checklistSaveFailed);
      } else notifyFailure(error, T.checklistSaveFailed, { saveFailure: true });
    } finally {
      setBusy(false);
    }
  };
  const edit = (point: ChecklistPoint, change: Partial<PointEdit>) => {
    setEdits((current) => new Map(current).set(point.id, { ...(current.get(point.id) ?? { checked: point.checked, comment: point.comment }), ...change }));
    setPointErrors((current) => {
      if (!current.has(point.id)) return current;
      const next = new Map(current);
      next.delete(point.id);
      return next;
    });
  };
  const dates = (list: ChecklistDate[]) =>
    list.length === 0 ? (
      <NonIdealState title={MESSAGES.list.empty} />
    ) : (
      <div className="checklist-dates">
        {list.map((date) => (
          <ChecklistDateCard key={date.id} date={date} edits={edits} errors={pointErrors} onEdit={edit} />
        ))}
      </div>
    );

  return (
    <div className="tour-checklist">
      <Tabs id="tour-checklist" selectedTabId={tab} onChange={(next) => setTab(next as 'current' | 'past')} renderActiveTabPanelOnly>
        <Tab id="current" title="Текущие" panel={dates(checklist.current)} />
        <Tab id="past" title={`Прошедшие (${checklist.past.length})`} panel={dates(checklist.past)} />
      </Tabs>
      <div className="checklist-actions">
        <Button intent={Intent.PRIMARY} icon="floppy-disk" text="Сохранить чеклист" disabled={changed.length === 0} loading={busy} onClick={() => void save()} data-testid="checklist-save" />
      </div>
    </div>
  );
}

function ChecklistDateCard({ date, edits, errors, onEdit }: { date: ChecklistDate; edits: ReadonlyMap<number, PointEdit>; errors: ReadonlyMap<number, string[]>; onEdit(point: ChecklistPoint, change: Partial<PointEdit>): void }) {
  const [open, setOpen] = useState(true);
  const state = (point: ChecklistPoint) => edits.get(point.id) ?? { checked: point.checked, comment: point.comment };
  // The colour follows the boxes as ticked (what a save would store); the list shows the stored state.
  const complete = date.points.length > 0 ? date.points.every((point) => state(point).checked) : date.complete;
  const title = formatDate(date.start_date);
  return (
    <section className={`checklist-date ${complete ? 'checklist-complete' : 'checklist-incomplete'}`} data-testid={`checklist-date-${date.start_date}`} aria-label={title}>
      <button type="button" className="checklist-date-header" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Icon icon={open ? 'chevron-down' : 'chevron-right'} />
        <Icon icon={complete ? 'tick-circle' : 'error'} intent={complete ? Intent.SUCCESS : Intent.DANGER} />
        <span>{title}</span>
        <span className="checklist-date-count">
          {date.points.filter((point) => state(point).checked).length} / {date.points.length}
        </span>
      </button>
      <Collapse isOpen={open} keepChildrenMounted>
        <div className="checklist-date-body">
          {CHECKLIST_ALIASES.map((alias) => {
            const section = date.points.filter((point) => point.checkable_alias === alias);
            if (section.length === 0) return null;
            return (
              <div key={alias} className="checklist-section">
                <div className="checklist-section-title">{CHECKLIST_SECTIONS[alias]}</div>
                {section.map((point) => {
                  const value = state(point);
                  const label = pointLabel(point);
                  const error = errors.get(point.id)?.[0];
                  return (
                    <div key={point.id} className="checklist-point">
                      <Checkbox checked={value.checked} label={label} onChange={(event) => onEdit(point, { checked: event.currentTarget.checked })} />
                      <TextArea
                        aria-label={`Примечание: ${label}`}
                        placeholder="Примечание"
                        rows={1}
                        maxLength={TOUR_LIMITS.checklistNote}
                        value={value.comment ?? ''}
                        intent={error ? Intent.DANGER : Intent.NONE}
                        onChange={(event) => onEdit(point, { comment: event.target.value })}
                      />
                      {error && <Callout intent={Intent.DANGER} compact>{error}</Callout>}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </Collapse>
    </section>
  );
}

/** The points a 409 names (`points`: their ids, or the points as now stored). */
function conflictedPoints(body: unknown, points: readonly ChecklistPoint[]): ChecklistPoint[] {
  const listed = (body as { points?: unknown } | null)?.points;
  const ids = new Set<number>((Array.isArray(listed) ? listed : []).map((item) => Number(item !== null && typeof item === 'object' ? (item as { id: unknown }).id : item)));
  return points.filter((point) => ids.has(point.id));
}

/** A 422's messages by point: `points.<index>.<field>` of the points sent. */
function errorsByPoint(errors: FieldErrors, sent: readonly number[]): Map<number, string[]> {
  const byPoint = new Map<number, string[]>();
  for (const [path, messages] of Object.entries(errors)) {
    const index = /^points\.(\d+)/.exec(path)?.[1];
    const id = index === undefined ? undefined : sent[Number(index)];
    if (id !== undefined) byPoint.set(id, [...(byPoint.get(id) ?? []), ...messages]);
  }
  return byPoint;
}
