import { useEffect, useState } from 'react';
import { Alert, Button, Image, Input, Skeleton, Space } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { errorDetail } from '../../lib/api-client';
import { usePrintPreview, useProofSearch } from './print-api';
import { fmtCount } from './print-format';
import { RecordSearch } from './record-search';

/** Waits this long after the last keystroke before searching (ms). */
const SEARCH_DELAY_MS = 250;
/** Proofs are rasterised at twice the preview's resolution, to stay sharp when zoomed. */
const PROOF_SCALE = 2;

/** `value`, once it has not changed for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Props = { projectId: string; total: number; double: boolean; enabled: boolean };

/**
 * A proof of any record (docs/requirements/workflow.md#clear-states-and-fast-pages): the piece of record n (1…total), rendered by the server from the
 * real record exactly as the print file will be, shown large — click a page to zoom (antd Image
 * preview: zoom, rotate, next/previous page); previous/next record buttons, a record number, and a
 * search by name or any value (GET …/print/records?q=) that jumps to the record chosen.
 */
export function ProofViewer({ projectId, total, double, enabled }: Props) {
  const [record, setRecord] = useState(1);
  const [query, setQuery] = useState('');
  const search = useProofSearch(projectId, useSettled(query, SEARCH_DELAY_MS).trim());
  const proof = usePrintPreview(projectId, 1, enabled && total > 0, record - 1, PROOF_SCALE);
  const go = (n: number) => setRecord(Math.min(Math.max(1, Math.round(n)), Math.max(1, total)));
  const sides = double ? ['Outside', 'Inside'] : [''];

  return (
    <div className="proof-viewer">
      <Space wrap className="proof-controls">
        <Button icon={<LeftOutlined aria-hidden />} aria-label="Previous record" disabled={record <= 1} onClick={() => go(record - 1)} />
        <span>
          Record{' '}
          <Input
            type="number"
            aria-label="Record number"
            min={1}
            max={Math.max(1, total)}
            value={record}
            onChange={(e) => e.target.value !== '' && go(Number(e.target.value))}
            style={{ width: 96 }}
          />{' '}
          of {fmtCount(total)}
        </span>
        <Button icon={<RightOutlined aria-hidden />} aria-label="Next record" disabled={record >= total} onClick={() => go(record + 1)} />
        <RecordSearch query={query} onQuery={setQuery} found={search.data} searching={search.isFetching} onPick={go} />
      </Space>
      {proof.isError ? (
        <Alert type="error" showIcon title="Failed to render the proof" description={errorDetail(proof.error)} action={<Button size="small" onClick={() => proof.refetch()}>Try again</Button>} />
      ) : (
        <Image.PreviewGroup>
          <div className="proof-pages" aria-busy={proof.isFetching} role="group" aria-label={`Proof of record ${record}`}>
            {sides.map((side, k) => (
              <figure className="proof-page" key={side || k}>
                {proof.data?.[k] ? (
                  <Image src={proof.data[k]} alt={`Record ${record}${side ? ` — ${side}` : ''}`} className="proof-image" />
                ) : (
                  <Skeleton.Node active style={{ width: 320, height: 414 }} />
                )}
                <figcaption>Record {record}{side ? ` — ${side}` : ''} · click to zoom</figcaption>
              </figure>
            ))}
          </div>
        </Image.PreviewGroup>
      )}
    </div>
  );
}
