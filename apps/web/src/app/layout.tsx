import { Suspense, useEffect } from 'react';
import { Skeleton } from 'antd';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { TopNav } from './top-nav';
import { ProgressBar } from './progress-bar';

/**
 * Layout shared by the app's pages (docs/requirements/workflow.md#route-table): top user bar, step indicator from the path and a
 * footer. The editor page gets the editor layout style: full width, and `editor-route` on <body>
 * (docs/requirements/workflow.md#route-table route table). Pages load on first visit (router `lazy`): a thin bar shows while the
 * next page's code arrives, and a skeleton stands in for a component that is still loading.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const editor = /\/editor$/.test(pathname);
  const loading = useNavigation().state === 'loading';
  useEffect(() => {
    document.body.classList.toggle('editor-route', editor);
  }, [editor]);
  return (
    <div className={editor ? 'app-shell editor-layout' : 'app-shell'}>
      <TopNav />
      <ProgressBar />
      {loading && <div className="route-loading" role="progressbar" aria-label="Loading the page" />}
      <main className="app-main">
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="app-footer">
        © {new Date().getFullYear()} Mailcraft · Personalised direct mail, from list to press.
      </footer>
    </div>
  );
}
