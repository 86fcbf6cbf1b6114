/** The lists the sea-tour editor's selects need: GET /api/sea-tours/data (hotels and transports come from their pickers). */
import { SEA_TOUR_PATHS } from '@shared/sea-tours/paths';
import type { SeaTourData } from '@shared/sea-tours/types';
import { useEditorData } from '../../common/editor/useEditorData';

export const useSeaTourData = () => useEditorData<{ tour: SeaTourData }>({ tour: SEA_TOUR_PATHS.data });
