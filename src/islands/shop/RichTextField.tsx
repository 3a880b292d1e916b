import { useRef, useState } from 'react';
import { isSafeLink, textToParagraphs } from '@/lib/shop/rich-text';
import { typedBeforeHydration, useHydrated } from '@/islands/ui/fields';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';
import { useFormField } from '@/islands/shop/useFormField';

interface Props {
  form: string;
  name: string;
  label: string;
  /** The stored (sanitised) HTML. */
  html: string;
  /** The same as plain text, for the textarea a browser without JavaScript edits. */
  text: string;
  hint?: string;
}

const TOOLS = [
  { command: 'bold', label: 'Negrita', text: 'B', className: 'font-bold' },
  { command: 'italic', label: 'Cursiva', text: 'I', className: 'italic' },
  { command: 'insertUnorderedList', label: 'Lista con viñetas', text: '•', className: '' },
  { command: 'insertOrderedList', label: 'Lista numerada', text: '1.', className: '' },
] as const;

/**
 * Rich text with a small set (bold, italic, lists, links). Before hydration (or without
 * JavaScript) it is a plain textarea whose paragraphs the server keeps; hydrated, an editor
 * that starts from what was typed there and sends its HTML in the same field. The server
 * sanitises whatever arrives.
 */
function RichTextField({ form, name, label, html, text, hint }: Props) {
  const hydrated = useHydrated();
  const [value, setValue] = useState(() => {
    const typed = typedBeforeHydration(form, name);
    return typed && typed !== text ? textToParagraphs(typed) : html;
  });
  // The editor owns its DOM after the first render: React must not rewrite it on each keystroke.
  const [startHtml] = useState(value);
  const editor = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const id = `${form}-${name}`;
  useFormField(form, name, value, field, (detail) => {
    if (editor.current) editor.current.innerHTML = detail.value;
    setValue(detail.value);
  });

  function run(command: string, argument?: string) {
    editor.current?.focus();
    document.execCommand(command, false, argument);
    setValue(editor.current?.innerHTML ?? '');
  }

  function link() {
    const url = window.prompt('Dirección del enlace (https://…, mailto: o tel:)', 'https://');
    if (!url) return;
    if (!isSafeLink(url)) {
      window.alert('Usa un enlace que empiece con https://, http://, mailto: o tel:.');
      return;
    }
    run('createLink', url.trim());
  }

  if (!hydrated) {
    return (
      <div>
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <textarea id={id} name={name} className="field-input min-h-36 py-3" defaultValue={text} />
        {hint && <p className="field-hint">{hint}</p>}
      </div>
    );
  }
  return (
    <div>
      <span id={`${id}-label`} className="field-label">
        {label}
      </span>
      <div
        className="rounded-(--radius-control) border border-ink-200 bg-white
        focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-200"
      >
        <div
          className="flex flex-wrap gap-1 border-b border-ink-100 p-1"
          role="toolbar"
          aria-label="Formato del texto"
        >
          {TOOLS.map((tool) => (
            <button
              key={tool.command}
              type="button"
              className={`btn-ghost min-h-9 min-w-9 px-2 text-sm ${tool.className}`}
              title={tool.label}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(tool.command)}
            >
              <span aria-hidden="true">{tool.text}</span>
              <span className="sr-only">{tool.label}</span>
            </button>
          ))}
          <button
            type="button"
            className="btn-ghost min-h-9 px-2 text-sm underline"
            onMouseDown={(e) => e.preventDefault()}
            onClick={link}
          >
            Enlace
          </button>
        </div>
        <div
          ref={editor}
          id={id}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          contentEditable
          suppressContentEditableWarning
          className="prose-shop min-h-36 px-4 py-3 outline-none"
          dangerouslySetInnerHTML={{ __html: startHtml }}
          onInput={(e) => setValue(e.currentTarget.innerHTML)}
        />
      </div>
      <input ref={field} type="hidden" name={name} value={value} />
      {hint && <p className="field-hint">{hint}</p>}
    </div>
  );
}

export default withIslandBoundary(RichTextField);
