import { Component, type ErrorInfo, type ReactNode } from 'react';
import { translate } from '../shared/translate.js';

interface Props {
  children: ReactNode;
  /** A change of this key (e.g. the route path) clears a caught error. */
  resetKey: string;
}

interface State {
  error: Error | null;
  key: string;
}

/** Catches render errors: shows 'This page crashed.', the message and a 'Try again' button. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="error-screen" role="alert">
        <h1>{translate({ id: 'theme.ErrorPageContent.title', message: 'This page crashed.' })}</h1>
        <p className="error-screen__message">{this.state.error.message}</p>
        <button type="button" className="button" onClick={() => this.setState({ error: null })}>
          {translate({ id: 'theme.ErrorPageContent.tryAgain', message: 'Try again' })}
        </button>
      </main>
    );
  }
}

/** Shown in the page area when a route's data could not be loaded. */
export function RouteLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div className="error-screen" role="alert">
      <p className="error-screen__message">{error.message}</p>
      <button type="button" className="button" onClick={onRetry}>
        {translate({ id: 'theme.ErrorPageContent.tryAgain', message: 'Try again' })}
      </button>
    </div>
  );
}
