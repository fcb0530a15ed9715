import { Component, type ReactNode } from 'react';
import { Alert } from 'antd';

/**
 * Catches a render error below it and shows `fallback` text instead of a blank page (the spec's
 * boundaries: 'Something went wrong. Please try refreshing the page.' around the QR screen,
 * docs/requirements/maps.md#screens; 'Something went wrong. Please try again later.' around Recent Activity, docs/requirements/workflow.md#messages).
 */
export class ErrorBoundary extends Component<{ fallback: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.failed ? <Alert type="error" showIcon title={this.props.fallback} /> : this.props.children;
  }
}
