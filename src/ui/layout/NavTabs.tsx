/** Main navigation: plain links to #chat, #memory, #explorer, #settings (keyboard native). */
import { VIEWS, VIEW_LABELS } from '../../state/ui-slice.ts';
import { useGrove } from '../app-context.tsx';

export function NavTabs() {
  const view = useGrove((s) => s.view);
  return (
    <nav aria-label="Main" className="nav">
      <ul>
        {VIEWS.map((id) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="nav-link"
              aria-current={view === id ? 'page' : undefined}
              onClick={() => {
                // Move focus to the view so keyboard users land on what they opened.
                requestAnimationFrame(() =>
                  document.getElementById('main')?.focus({ preventScroll: true }),
                );
              }}
            >
              {VIEW_LABELS[id]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
