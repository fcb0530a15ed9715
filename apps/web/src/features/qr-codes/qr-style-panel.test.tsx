import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_QR_STYLE, QR_SIZE } from '@mailcraft/shared';
import { QrStylePanel } from './qr-style-panel';

describe('QR Code Settings: size', () => {
  it('applies a typed size on blur, clamped to the limits and rounded to the step; the slider sets it directly', () => {
    const onChange = vi.fn();
    render(<QrStylePanel style={DEFAULT_QR_STYLE} onChange={onChange} />);
    const size = screen.getByLabelText('Size');
    fireEvent.change(size, { target: { value: String(QR_SIZE.max + 1000) } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(size);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ size: QR_SIZE.max }));
    fireEvent.change(size, { target: { value: String(QR_SIZE.min + QR_SIZE.step * 2 + 1) } });
    fireEvent.keyDown(size, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ size: QR_SIZE.min + QR_SIZE.step * 2 }));
    fireEvent.change(screen.getByLabelText('Size slider'), { target: { value: String(QR_SIZE.min) } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ size: QR_SIZE.min }));
  });
});
