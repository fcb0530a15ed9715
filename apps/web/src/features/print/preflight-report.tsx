import { PREFLIGHT_PIECES_LIMIT, type TPreflight, type TPreflightCheck } from '@mailcraft/shared';
import './preflight.css';

/** Names of the checks as the user reads them. */
const CHECK_TITLES: Record<TPreflightCheck['id'], string> = {
  'page-boxes': 'Page size and boxes',
  fonts: 'Fonts embedded',
  'qr-codes': 'QR codes scan',
  indicia: 'Indicia placement',
  'address-block': 'Address block and barcode clear zone',
  'imb-codes': 'Intelligent Mail barcodes valid',
  'required-fields': 'Required fields filled',
  'text-overflow': 'Text fits its boxes',
  'text-shrunk': 'Text shrunk to fit',
  'image-resolution': 'Image resolution',
};

/** '2, 4, 7' — with '…' when the server listed only the first PREFLIGHT_PIECES_LIMIT. */
const pieceList = (pieces: number[]) => `${pieces.join(', ')}${pieces.length >= PREFLIGHT_PIECES_LIMIT ? ', …' : ''}`;

/**
 * The preflight report of a finished print file (docs/requirements/print.md#print), shown in Print Preview before the
 * download: a summary ('Preflight: passed' or 'Preflight: 2 problems') and every check as a
 * pass/fail line with what was found and what to do, and the pieces concerned (1-based piece
 * numbers in print-file order) with their list record numbers when these differ (presort order,
 * excluded records). A failed preflight does not block the download.
 */
export function PreflightReport({ preflight }: { preflight: TPreflight }) {
  const problems = preflight.checks.filter((c) => !c.passed).length;
  return (
    <section className={`preflight ${problems ? 'preflight-failed' : 'preflight-passed'}`} aria-label="Preflight">
      <h3 className="preflight-summary">
        {problems === 0 ? 'Preflight: passed' : `Preflight: ${problems} problem${problems === 1 ? '' : 's'}`}
      </h3>
      {problems > 0 && <p className="preflight-note">You can still download the file; fix these first to avoid a rejected or undeliverable print run.</p>}
      <ul className="preflight-checks">
        {preflight.checks.map((c) => (
          <li key={c.id} className={c.passed ? 'preflight-check-passed' : 'preflight-check-failed'}>
            <span className="preflight-mark" aria-label={c.passed ? 'passed' : 'failed'}>{c.passed ? '✓' : '✗'}</span>
            <div>
              <strong>{CHECK_TITLES[c.id]}</strong>
              <div>{c.message}</div>
              {c.pieces.length > 0 && <div className="preflight-pieces">Pieces: {pieceList(c.pieces)}</div>}
              {c.records && c.records.length > 0 && c.records.some((r, i) => r !== c.pieces[i]) && (
                <div className="preflight-pieces">List records: {pieceList(c.records)}</div>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
