import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

interface State {
  hasError: boolean;
}

/** Last line of defence around the whole app; the router's errorElement handles route errors. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled UI error', error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? <ErrorScreen /> : this.props.children;
  }
}
