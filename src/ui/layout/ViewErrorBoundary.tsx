/** Keeps one broken view from taking the whole app down: says what failed and how to recover. */
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  readonly view: string;
  readonly children: ReactNode;
}

export class ViewErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidUpdate(previous: Props) {
    if (previous.view !== this.props.view && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Grove: the ${this.props.view} view failed`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section className="panel" role="alert">
        <h2>This view stopped working</h2>
        <p>
          {error.name}: {error.message}
        </p>
        <p>
          Your memories are safe in this browser. Open another view, or reload the page to try
          again.
        </p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </section>
    );
  }
}
