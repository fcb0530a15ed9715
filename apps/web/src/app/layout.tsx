import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { TopNav } from './top-nav';
import { ProgressBar } from './progress-bar';

/**
 * Layout shared by the app's pages (spec 000 §2): top user bar, step indicator from the path and a
 * footer. The editor page gets the editor layout style: full width, and `editor-body` on <body>
 * (spec 000 §2 route table).
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const editor = /\/editor$/.test(pathname);
  useEffect(() => {
    document.body.classList.toggle('editor-body', editor);
  }, [editor]);
  return (
    <div className={editor ? 'app-shell editor-layout' : 'app-shell'}>
      <TopNav />
      <ProgressBar />
      <main className="app-main">
        <Outlet />
      </main>
      <footer className="app-footer">
        © {new Date().getFullYear()} Mailcraft · Personalised direct mail, from list to press.
      </footer>
    </div>
  );
}
