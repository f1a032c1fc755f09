// "Get Auctionator Shopping Lists" popup (SPEC §2).
import { EXPORT_TEXTS, LABELS, TOASTS } from '@goldroute/domain';
import { Modal, buttonClass } from '../../components/ui';
import { copyText } from './copy';

/** What "{title} copied to clipboard!" names for this popup. */
export const AUCTIONATOR_COPY_TITLE = 'Auctionator lists';

export function AuctionatorModal({
  open,
  onClose,
  text,
  leftOut = 0,
}: {
  open: boolean;
  onClose: () => void;
  text: string;
  /** Included rows the lists leave out because their item level is unknown (auctionatorLeftOutCount). */
  leftOut?: number;
}) {
  const blank = text.trim() === '';
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={LABELS.auctionatorTitle}
      size="lg"
      footer={
        <div className="flex justify-end gap-3">
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className={buttonClass('primary', 'sm')}
            disabled={blank}
            onClick={() => void copyText(text, TOASTS.copied(AUCTIONATOR_COPY_TITLE), TOASTS.copyFailed)}
          >
            Copy
          </button>
        </div>
      }
    >
      <p className="mb-3 text-sm text-slate-400">
        One shopping list per buying realm. In Auctionator: Shopping → Import, paste, then search each list on
        its realm.
      </p>
      <textarea
        readOnly
        aria-label="Auctionator shopping lists"
        placeholder={LABELS.noContent}
        value={text}
        rows={12}
        className="w-full resize-y rounded-xl border border-white/10 bg-ink-950 p-3 font-mono text-xs leading-relaxed text-slate-200 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-gold-400"
      />
      {leftOut > 0 ? (
        <p role="note" className="mt-2 text-xs text-gold-300">
          {EXPORT_TEXTS.leftOutUnknownItemLevel(leftOut)}
        </p>
      ) : null}
    </Modal>
  );
}
