import { useEffect, useState } from 'react';

declare const __APP_VERSION__: string;

/** Footer: year and version (the installed app's version through the desktop bridge when there is one). */
export function AppFooter() {
  const [version, setVersion] = useState(__APP_VERSION__);
  useEffect(() => {
    void window.desktop?.appVersion().then(setVersion).catch(() => undefined);
  }, []);
  return (
    <footer className="app-footer">
      <span>© {new Date().getFullYear()} Бэк-офис туроператора</span>
      <span>Версия {version}</span>
    </footer>
  );
}
