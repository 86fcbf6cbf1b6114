/**
 * Browser-test fixture: the reusable photo-list editor on its own, against the real API (the Vite
 * dev server proxies /api to the test's server). Screens that host it (hotels, tours) come later;
 * until then tests/e2e/photo-list.spec.ts drives it here. Never built into the app.
 */
import { BlueprintProvider } from '@blueprintjs/core';
import type { Photo } from '@shared/files';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { PhotoListEditor } from '../src/common/content-editors';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import '../src/styles.css';

function Fixture() {
  const [photos, setPhotos] = useState<Photo[]>([]);
  return (
    <div style={{ padding: 20 }}>
      <PhotoListEditor value={photos} onChange={setPhotos} entity="city" />
      <pre data-testid="value">{JSON.stringify(photos.map(({ name, alt, sort, path }) => ({ name, alt, sort, path })))}</pre>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <BlueprintProvider>
    <Fixture />
  </BlueprintProvider>,
);
