import { lazy, Suspense, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Skeleton } from 'antd';
import { Card } from '../../components/card';
import { useNavigate } from 'react-router';
import { PREVIEW_PAGE_SIZES } from '@mailcraft/shared';
import { useListPreview, useMailingList } from '../mailing-lists/mailing-lists-api';
import { addressCheckQuery } from './address-check-api';
import { useListMappings } from './column-mappings-api';
import { MappingEditor } from './mapping-editor';

/** The address check report, loaded once mappings are saved (docs/requirements/print.md#print): not part of the screen's first load. */
const AddressCheckReport = lazy(() => import('./address-check-report').then((m) => ({ default: m.AddressCheckReport })));

/**
 * Column mapping screen (docs/requirements/mailing-lists.md#mapping-screen screen), shown at
 * /upload?project={id}&listId={id}&step=mapping. Loads the list, its saved or auto-matched mappings
 * (§5) and its first rows, then hands over to the editor. If any of that fails it shows 'Failed to
 * load list data' and returns to /upload?project={id} (§4, §8). Once mappings are saved the
 * address check report shows below (docs/requirements/print.md#print); saving goes on to /qr/{listId} when the check finds
 * no problem, else stays here on the report.
 */
export function MappingScreen({ projectId, listId }: { projectId: string; listId: string }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const list = useMailingList(listId);
  const mappings = useListMappings(listId);
  // The same first page the Data Preview table asks for, so the two share one request.
  const firstPage = useListPreview(listId, 0, PREVIEW_PAGE_SIZES[0], 'mapping');
  const client = useQueryClient();
  const report = useRef<HTMLDivElement>(null);
  const toQr = () => navigate(`/qr/${listId}`);
  // The check of the mappings just saved; a failed check does not hold the user back.
  const afterSave = async () => {
    const check = await client.fetchQuery({ ...addressCheckQuery(listId), staleTime: 0 }).catch(() => null);
    if (!check || check.counts.withIssues === 0) return toQr();
    message.warning(`The address check found ${check.counts.withIssues.toLocaleString()} ${check.counts.withIssues === 1 ? 'record' : 'records'} with problems`);
    report.current?.scrollIntoView?.({ behavior: 'smooth' });
  };
  const failed = list.isError || mappings.isError || (firstPage.isError && !firstPage.data);

  useEffect(() => {
    if (!failed) return;
    // A key, so a repeated effect (StrictMode) shows the message once.
    message.error({ content: 'Failed to load list data', key: 'list-data-failed', duration: 6 });
    navigate(`/upload?project=${projectId}`, { replace: true });
  }, [failed, message, navigate, projectId]);

  if (!list.data || !mappings.data || !firstPage.data) {
    return (
      <Card aria-busy="true" aria-label="Loading list data">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  return (
    <>
      <MappingEditor
        projectId={projectId}
        list={list.data}
        headers={firstPage.data.headers}
        sampleRows={firstPage.data.rows}
        initial={mappings.data}
        onSaved={() => void afterSave()}
      />
      <div ref={report}>
        {mappings.data.saved && (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
            <AddressCheckReport listId={listId} onContinue={toQr} />
          </Suspense>
        )}
      </div>
    </>
  );
}
