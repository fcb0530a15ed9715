import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_MESSAGES as M } from '@mailcraft/shared';
import { isSuccessText, ResultMessage, useResultMessage } from './result-message';

function Line() {
  const message = useResultMessage();
  return (
    <>
      <button type="button" onClick={() => message.show(M.smsTested)}>ok</button>
      <button type="button" onClick={() => message.show(M.testSmsFailed)}>fail</button>
      <button type="button" onClick={() => message.show(M.secretCopied, true)}>copied</button>
      <ResultMessage result={message.result} />
    </>
  );
}

describe('notification message line', () => {
  afterEach(() => vi.useRealTimers());

  it('is green when the text contains success, red otherwise', () => {
    expect(isSuccessText('Test SMS sent successfully')).toBe(true);
    expect(isSuccessText('Failed to send test SMS')).toBe(false);
    render(<Line />);
    fireEvent.click(screen.getByText('ok'));
    expect(screen.getByText(M.smsTested).closest('.ant-alert')).toHaveClass('ant-alert-success');
    fireEvent.click(screen.getByText('fail'));
    expect(screen.getByText(M.testSmsFailed).closest('.ant-alert')).toHaveClass('ant-alert-error');
    expect(screen.queryByText(M.smsTested)).not.toBeInTheDocument();
  });

  it('clears every message after 3 s', () => {
    vi.useFakeTimers();
    render(<Line />);
    fireEvent.click(screen.getByText('ok'));
    act(() => vi.advanceTimersByTime(2_999));
    expect(screen.getByText(M.smsTested)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(M.smsTested)).not.toBeInTheDocument();

    fireEvent.click(screen.getByText('fail'));
    act(() => vi.advanceTimersByTime(2_999));
    expect(screen.getByText(M.testSmsFailed)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(M.testSmsFailed)).not.toBeInTheDocument();

    fireEvent.click(screen.getByText('copied'));
    expect(screen.getByText(M.secretCopied).closest('.ant-alert')).toHaveClass('ant-alert-success');
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.queryByText(M.secretCopied)).not.toBeInTheDocument();
  });
});
