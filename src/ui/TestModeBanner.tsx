/** A banner that says, on every page in a test mode, which fakes are standing in for models. */
export function TestModeBanner({ label }: { label: string }) {
  return (
    <div
      role="status"
      data-testid="test-mode-banner"
      style={{
        background: '#7a4b00',
        color: '#fff',
        font: '600 14px system-ui, sans-serif',
        padding: '6px 12px',
        textAlign: 'center',
      }}
    >
      {label}
    </div>
  );
}
