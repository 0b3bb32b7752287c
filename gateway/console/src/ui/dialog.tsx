// A confirmation before a change that cannot be undone, saying what it will take with it (the
// builds that lose a mod, ...), and other dialogs. A native modal <dialog>: it keeps the focus
// inside, Escape closes it, and the focus returns to the button that opened it.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ErrorNotice, useFlash } from './feedback';

export function ConfirmButton({
  label,
  what,
  title,
  confirmLabel,
  children,
  onConfirm,
  blocked,
  className = 'danger',
}: {
  /** The button that opens the dialog. */
  label: string;
  /** What it acts on, for screen readers ("Delete" → "Delete key technic") when the row says it visually. */
  what?: string;
  title: string;
  confirmLabel: string;
  /** What the change does; rendered when the dialog opens (it may load what it shows). */
  children: () => ReactNode;
  /** The change; the dialog stays open and shows the error if it throws. */
  onConfirm: () => Promise<unknown>;
  /**
   * Why the change cannot be made now (the API would refuse it): the dialog says so and its
   * confirm button is disabled, instead of offering a change that only answers an error.
   */
  blocked?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {label}
        {what ? <span className="visually-hidden"> {what}</span> : null}
      </button>
      {open ? (
        <ConfirmDialog
          title={title}
          confirmLabel={confirmLabel}
          onConfirm={onConfirm}
          blocked={blocked}
          onClose={() => setOpen(false)}
        >
          {children()}
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function ConfirmDialog({
  title,
  confirmLabel,
  children,
  onConfirm,
  blocked,
  onClose,
}: {
  title: string;
  confirmLabel: string;
  children: ReactNode;
  onConfirm: () => Promise<unknown>;
  blocked?: string;
  onClose: () => void;
}) {
  const blockedId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const flash = useFlash();
  const confirm = async () => {
    flash.dismiss();
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return (
    <Modal title={title} onClose={onClose}>
      <div className="dialog-body">{children}</div>
      {blocked ? (
        <p className="notice" id={blockedId}>
          {blocked}
        </p>
      ) : null}
      <ErrorNotice error={error} />
      <div className="dialog-actions">
        <button type="button" onClick={onClose} autoFocus>
          {blocked ? 'Close' : 'Cancel'}
        </button>
        <button
          type="button"
          className="danger"
          onClick={confirm}
          disabled={busy || !!blocked}
          aria-describedby={blocked ? blockedId : undefined}
        >
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

/** A native modal dialog titled `title`, open while it is rendered; Escape calls `onClose`. */
export function Modal({
  title,
  onClose,
  wide,
  children,
}: {
  title: string;
  onClose: () => void;
  /** Room for a small table (values side by side). */
  wide?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current!;
    dialog.showModal();
    return () => dialog.close();
  }, []);
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={onClose} className={wide ? 'dialog wide' : 'dialog'}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
