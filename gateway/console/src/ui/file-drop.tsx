// Where files are dropped, or picked with the system's file chooser (the keyboard's way, and the
// phone's): mod archives only (.jar, .zip); anything else is named and left out.
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { ARCHIVE_NAME } from '../files/names';

export function FileDrop({
  label,
  onFiles,
  disabled,
  children,
}: {
  /** What the chooser's button says ("Choose files"). */
  label: string;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  /** What dropping does, said inside the zone. */
  children: ReactNode;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [left, setLeft] = useState<string[]>([]);
  const take = (list: FileList | null) => {
    const files = [...(list ?? [])];
    setLeft(files.filter((f) => !ARCHIVE_NAME.test(f.name)).map((f) => f.name));
    const archives = files.filter((f) => ARCHIVE_NAME.test(f.name));
    if (archives.length) onFiles(archives);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files);
  };
  return (
    <div
      className={`file-drop${over ? ' over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <div className="file-drop-text">{children}</div>
      <input
        ref={input}
        id={inputId}
        // Hidden but focusable: the label after it is the button people see (and its focus ring).
        className="visually-hidden"
        type="file"
        multiple
        accept=".jar,.zip"
        disabled={disabled}
        onChange={(event) => {
          take(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
      <label htmlFor={inputId} className={`button${disabled ? ' disabled' : ''}`}>
        {label}
      </label>
      {left.length ? (
        <p className="field-warning" role="status">
          Left out, not a .jar or .zip file: {left.join(', ')}.
        </p>
      ) : null}
    </div>
  );
}
