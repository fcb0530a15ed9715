import { useState } from 'react';
import { Alert, Skeleton, Typography } from 'antd';
import { errorText } from './error-text';
import type { KeyChoice } from '../key-picker';
import { useOrderRecipients } from './order-data';
import { PageControls } from './page-controls';
import { RecipientCards } from './recipient-cards';
import type { Recipient, RecipientSearch } from './recipient-query';
import { RecipientSearchPanel } from './recipient-search';

/**
 * 'Use existing recipient' (docs/requirements/print-on-demand-api.md#screens): the search panel, the recipient cards of the
 * list `listId` (GET /api/recipients, data-preview fallback) and paging, 25 per page at first.
 * Applying or clearing a search and changing the page size go back to page 1; render it with
 * `key={listId}` so a new list starts on page 1 too. `fields` are the list's mapped fields (search
 * by field). Empty: 'No recipients available in this mailing list', or with a search 'No recipients
 * found matching your search criteria.'; failure: 'Failed to load recipients: {message}', no cards.
 */
export function RecipientPicker({ apiKey, listId, fields, selectedId, onSelect }: {
  apiKey: KeyChoice; listId: string; fields: readonly string[]; selectedId: string | null; onSelect: (recipient: Recipient) => void;
}) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(25);
  const [search, setSearch] = useState<RecipientSearch | null>(null);
  const recipients = useOrderRecipients(apiKey, listId, { page, limit, search });
  const data = recipients.isError ? null : recipients.data;
  let body;
  if (recipients.isError) {
    body = <Alert type="error" showIcon className="pod-failure" title={`Failed to load recipients: ${errorText(recipients.error)}`} />;
  } else if (!data) {
    body = <Skeleton active paragraph={{ rows: 2 }} />;
  } else if (data.recipients.length === 0) {
    body = (
      <Typography.Text type="secondary">
        {search ? 'No recipients found matching your search criteria.' : 'No recipients available in this mailing list'}
      </Typography.Text>
    );
  } else {
    body = <RecipientCards recipients={data.recipients} selectedId={selectedId} onSelect={onSelect} />;
  }
  return (
    <div className="pod-order-recipients">
      <RecipientSearchPanel fields={fields} applied={search} onApply={(next) => { setSearch(next); setPage(1); }} />
      {body}
      {data && data.recipients.length > 0 && (
        <>
          <span className="pod-hint">
            {search ? `${data.filteredTotal.toLocaleString('en-US')} of ${data.total.toLocaleString('en-US')} recipients match` : `${data.total.toLocaleString('en-US')} recipients`}
          </span>
          <PageControls page={page} pages={data.pages} limit={limit} onPage={setPage} onLimit={(n) => { setLimit(n); setPage(1); }} />
        </>
      )}
    </div>
  );
}
