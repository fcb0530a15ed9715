import { SSF } from '@e965/xlsx';

/**
 * Turns spreadsheet cell values into the text a user sees in Excel (docs/requirements/mailing-lists.md#upload: dates and numbers
 * as displayed, formulas as their result, rich text as plain text).
 */

const MS_PER_DAY = 86_400_000;
const EXCEL_EPOCH_OFFSET_DAYS = 25_569; // serial number of 1970-01-01 in the 1900 date system

/**
 * Built-in format 14 is the locale's short date; the libraries name it 'mm-dd-yy' (exceljs) or
 * 'm/d/yy' (SheetJS), but Excel in en-US shows it as 1/5/2024. Format 22 likewise.
 */
const LOCALE_FORMATS: Record<string, string> = {
  'mm-dd-yy': 'm/d/yyyy',
  'm/d/yy': 'm/d/yyyy',
  'm/d/yy "h":mm': 'm/d/yyyy h:mm',
  'm/d/yy h:mm': 'm/d/yyyy h:mm',
};

const isGeneral = (fmt: string | undefined) => !fmt || fmt.toLowerCase() === 'general';

/**
 * Formats a number with an Excel number format (SheetJS SSF), e.g. (45296, 'm/d/yyyy') →
 * '1/5/2024', (1234.5, '$#,##0.00') → '$1,234.50'. In the General format whole numbers keep all
 * their digits (Excel would show 123456789012345 as 1.23457E+14 in a narrow column, which would
 * lose an account number); other General numbers use Excel's 11-digit rounding (0.1+0.2 → 0.3).
 */
export function formatNumber(value: number, fmt?: string): string {
  if (!Number.isFinite(value)) return '';
  if (isGeneral(fmt)) {
    return Number.isInteger(value) && Math.abs(value) < 1e15 ? String(value) : SSF.format('General', value);
  }
  try {
    return SSF.format(LOCALE_FORMATS[fmt!] ?? fmt!, value);
  } catch {
    return formatNumber(value, 'General');
  }
}

/** Excel serial day number of a JS Date produced from one (exceljs reads date cells as UTC Dates). */
export function dateToSerial(date: Date): number {
  return date.getTime() / MS_PER_DAY + EXCEL_EPOCH_OFFSET_DAYS;
}

/** Cell values as exceljs models them. */
type RichText = { richText: Array<{ text: string }> };
type ExcelValue =
  | null | undefined | string | number | boolean | Date
  | RichText
  | { formula?: string; sharedFormula?: string; result?: unknown }
  | { text: string | RichText; hyperlink: string }
  | { error: string };

const richToText = (v: RichText) => v.richText.map((r) => r.text ?? '').join('');

/**
 * The displayed text of an exceljs cell value with number format `fmt`: strings as they are,
 * numbers and dates through `formatNumber`, booleans as TRUE/FALSE, formulas as their cached
 * result, rich text and hyperlinks as their plain text, errors as '#N/A' etc.
 */
export function excelCellText(value: ExcelValue | unknown, fmt?: string): string {
  const v = value as ExcelValue;
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return formatNumber(v, fmt);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : formatNumber(dateToSerial(v), isGeneral(fmt) ? 'm/d/yyyy' : fmt);
  if ('richText' in v) return richToText(v);
  if ('error' in v) return v.error;
  if ('hyperlink' in v) return typeof v.text === 'string' ? v.text : excelCellText(v.text);
  if ('formula' in v || 'sharedFormula' in v || 'result' in v) return excelCellText(v.result, fmt);
  return '';
}
