import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import type { Template } from '@pdfme/common';
import { PERMIT_LINE_DEFAULTS } from '../constants.js';
import { buildPieceInputs, indiciaLineSize, INDICIA_SMALL_TEXT_RATIO, qrOperators, qrRuns, qrSvg, templateFieldName } from './index.js';

const page = (elements: Array<Record<string, unknown>>): Template =>
  ({ basePdf: { width: 215.9, height: 279.4, padding: [6.35, 6.35, 6.35, 6.35] }, schemas: [elements] }) as Template;
const el = (name: string, type: string, extra: Record<string, unknown> = {}) =>
  ({ name, type, content: `${name} sample`, position: { x: 10, y: 10 }, width: 50, height: 10, ...extra });
const ctx = { indiciaText: PERMIT_LINE_DEFAULTS.join('\n'), qrUrl: 'https://mail.example/r/abc' };

describe('templateFieldName', () => {
  it.each([
    ['first_name', 'first_name'],
    ['first_name copy', 'first_name'],
    ['first_name copy 3', 'first_name'],
    ['first_name 2', 'first_name'],
    ['First Name', 'first_name'],
    ['ZIP', 'zip'],
    ['address 2', 'address_2'],
    ['custom_10 copy', 'custom_10'],
    ['Headline copy', 'Headline'],
  ])('%s → %s', (name, field) => expect(templateFieldName(name)).toBe(field));
});

describe('buildPieceInputs', () => {
  const fields = { first_name: 'Ada', last_name: 'LOVELACE', zip: '08014', full_name: 'Ada LOVELACE' };

  it('fills merge-field text elements, keeps captions and leaves read-only elements to pdfme', () => {
    const input = buildPieceInputs(page([
      el('first_name', 'text'), el('first_name copy', 'text'), el('Last Name', 'text'), el('email', 'text'),
      el('Headline', 'text'), el('static', 'text', { readOnly: true, content: 'Hello {first_name}' }),
    ]), fields, ctx);
    expect(input).toMatchObject({ first_name: 'Ada', 'first_name copy': 'Ada', 'Last Name': 'LOVELACE', email: '', Headline: 'Headline sample' });
    expect(input).not.toHaveProperty('static');
    expect(input.zip).toBe('08014'); // fields are also variables for read-only placeholders
  });

  it('gives multiVariableText the JSON of its variables, unknown names empty', () => {
    const input = buildPieceInputs(page([
      el('greeting', 'multiVariableText', { text: 'Dear {first_name} {Last Name}, {nickname}', variables: ['first_name'] }),
    ]), fields, ctx);
    expect(JSON.parse(input.greeting)).toEqual({ first_name: 'Ada', 'Last Name': 'LOVELACE', nickname: '' });
  });

  it('gives indicia the permit lines and qrVector the record URL', () => {
    const input = buildPieceInputs(page([el('indicia', 'indicia'), el('qr', 'qrVector'), el('logo', 'image', { content: 'data:image/png;base64,AAAA' })]), fields, ctx);
    expect(input.indicia).toBe('PRESORTED\nSTANDARD\nU.S. POSTAGE\nPAID\nPERMIT NO.\nCITY, STATE');
    expect(input.qr).toBe('https://mail.example/r/abc');
    expect(input.logo).toBe('data:image/png;base64,AAAA');
  });
});

describe('qrVector', () => {
  it('runs cover exactly the dark modules of the qrcode matrix', () => {
    const value = 'https://mail.example/r/0b6f2c1e-1d2a-4c5e-9f00-123456789abc';
    const { size, runs } = qrRuns(value, 'H');
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'H' });
    expect(size).toBe(modules.size);
    const drawn = new Uint8Array(size * size);
    for (const [r, c, l] of runs) for (let k = 0; k < l; k++) drawn[r * size + c + k] = 1;
    expect(Array.from(drawn)).toEqual(Array.from(modules.data));
  });

  it('draws a background and one filled path with a 4-module margin', () => {
    const box = { x: 100, y: 200, width: 58, height: 58 };
    const ops = qrOperators('hello', { name: 'qr', type: 'qrVector', position: { x: 0, y: 0 }, width: 20, height: 20 }, box);
    const size = qrRuns('hello').size;
    const unit = 58 / (size + 8);
    expect(ops[0][0]).toBe('q');
    expect(ops[1]).toEqual(['rg', ['1', '1', '1']]); // white background
    // Modules are drawn in module units: the transform puts the top-left module 4 modules in from the box.
    const [a, , , d, e, f] = ops.find(([n]) => n === 'cm')![1].map(Number);
    const firstModule = ops.find(([n], i) => n === 're' && i > 3)!;
    expect(a * Number(firstModule[1][0]) + e).toBeCloseTo(100 + 4 * unit, 2);
    expect(d).toBeCloseTo(unit, 5);
    expect(f).toBeCloseTo(200 + 58 - 4 * unit, 2);
    expect(ops.filter(([n]) => n === 'f')).toHaveLength(2);
    expect(ops.at(-1)![0]).toBe('Q');
  });

  it('SVG for the Designer keeps only hex colours', () => {
    const svg = qrSvg('hello', { foregroundColor: '"><script>', backgroundColor: '#112233' });
    expect(svg).toContain('fill="#000000"');
    expect(svg).toContain('fill="#112233"');
    expect(svg).not.toContain('script');
  });
});

describe('indicia', () => {
  it('uses smaller text for lines longer than 15 characters', () => {
    expect(indiciaLineSize('U.S. POSTAGE PAID', 8)).toBeCloseTo(8 * INDICIA_SMALL_TEXT_RATIO);
    expect(indiciaLineSize('123456789012345', 8)).toBe(8);
  });
});
