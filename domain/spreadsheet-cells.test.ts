import { describe, expect, it } from 'vitest';
import { neutraliseCell, neutraliseRow, restoreCell } from './spreadsheet-cells';

describe('spreadsheet cells (CSV injection)', () => {
  it('puts a quote before text that starts with =, +, -, @, a tab or a carriage return', () => {
    expect(neutraliseCell('=HYPERLINK("http://evil","x")')).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(neutraliseCell('+8801711')).toBe(`'+8801711`);
    expect(neutraliseCell('-2+3')).toBe(`'-2+3`);
    expect(neutraliseCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(neutraliseCell('\t=1')).toBe(`'\t=1`);
    expect(neutraliseCell('\r=1')).toBe(`'\r=1`);
  });

  it('leaves other text alone: Bengali, an ISBN, a formula character later on, an empty cell', () => {
    for (const text of ['হিমু', '978-984-0', 'a=b', ' =x', '', "'quoted", 'Tom & Jerry']) expect(neutraliseCell(text)).toBe(text);
  });

  it('also quotes text that starts with quotes before a formula character, so the import can give back exactly what was stored', () => {
    expect(neutraliseCell("'=x")).toBe("''=x");
    for (const text of ['=foo', "'=foo", "''-1", "'plain", 'plain', '@x', "'", '-']) expect(restoreCell(neutraliseCell(text))).toBe(text);
  });

  it('restores only what neutralising wrote: one quote off before a formula character', () => {
    expect(restoreCell("'=foo")).toBe('=foo');
    expect(restoreCell("'plain")).toBe("'plain");
    expect(restoreCell('=foo')).toBe('=foo');
  });

  it('neutralises only the text cells of a row: a negative number in a numeric column stays a number', () => {
    const row = { title: '=1+1', refund: -50, price: 300, active: true, note: null, isbn: '-12' };
    expect(neutraliseRow(row)).toEqual({ title: "'=1+1", refund: -50, price: 300, active: true, note: null, isbn: "'-12" });
  });
});
