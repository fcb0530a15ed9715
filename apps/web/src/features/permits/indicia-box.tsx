import { PERMIT_LINE_SMALL_TEXT_OVER, indiciaLines, type TIndicia } from '@mailcraft/shared';
import './permits.css';

/**
 * A permit's six indicia lines in a small bordered box, as printed in the stamp corner
 * (docs/requirements/projects.md#data). Lines longer than 15 characters use smaller text (docs/requirements/designer.md#limits).
 */
export function IndiciaBox({ indicia, label }: { indicia: TIndicia; label?: string }) {
  return (
    <div className="indicia-box" role="img" aria-label={label ?? `Indicia: ${indiciaLines(indicia).join(' / ')}`}>
      {indiciaLines(indicia).map((line, i) => (
        <div key={i} className={line.length > PERMIT_LINE_SMALL_TEXT_OVER ? 'indicia-line small' : 'indicia-line'}>
          {line}
        </div>
      ))}
    </div>
  );
}
