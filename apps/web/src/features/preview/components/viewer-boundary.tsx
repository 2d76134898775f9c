/**
 * Error boundary around the lazily loaded 3D viewer (spec 001 §2 Preview overlay): a failed chunk load
 * or a render crash shows a message in the body instead of tearing down the overlay.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Props of ViewerBoundary. */
export interface ViewerBoundaryProps {
  children: ReactNode;
  /** Rendered instead of the children once they threw. */
  fallback: (message: string) => ReactNode;
}

/** Catches errors of the viewer subtree (001 §2). */
export class ViewerBoundary extends Component<ViewerBoundaryProps, { message: string | null }> {
  override state: { message: string | null } = { message: null };

  static getDerivedStateFromError(error: unknown): { message: string } {
    return { message: error instanceof Error ? error.message : String(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('3D viewer failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.message !== null ? this.props.fallback(this.state.message) : this.props.children;
  }
}
