// "Get Auctionator Shopping Lists" popup (SPEC §2).
import { EXPORT_TEXTS, LABELS, TOASTS } from '@goldroute/domain';
import { Modal, buttonClass } from '../../components/ui';
import { HIGH_CONFIDENCE_ONLY_LABEL } from '../../shared/tool-labels';
import { copyText } from './copy';

/** What "{title} copied to clipboard!" names for this popup. */
export const AUCTIONATOR_COPY_TITLE = 'Auctionator lists';

/** The export's option: the lists hold only the included rows rated high confidence. */
export interface HighConfidenceOption {
  on: boolean;
  onChange: (on: boolean) => void;
  /** Included rows rated high, of `of` included rows. */
  count: number;
  of: number;
}

export function AuctionatorModal({
  open,
  onClose,
  text,
  leftOut = 0,
  highConfidence,
}: {
  open: boolean;
  onClose: () => void;
  text: string;
  /** Included rows the lists leave out because their item level is unknown (auctionatorLeftOutCount). */
  leftOut?: number;
  highConfidence?: HighConfidenceOption;
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
      {highConfidence ? (
        <label className="mb-3 flex cursor-pointer items-start gap-3 text-sm text-slate-200">
          <input
            type="checkbox"
            checked={highConfidence.on}
            onChange={(e) => highConfidence.onChange(e.target.checked)}
            className="mt-0.5 size-4 shrink-0 cursor-pointer accent-gold-400"
          />
          <span>
            <span className="font-medium">{HIGH_CONFIDENCE_ONLY_LABEL}</span>{' '}
            <span className="text-slate-400">
              ({highConfidence.count.toLocaleString('en-US')} of {highConfidence.of.toLocaleString('en-US')}{' '}
              included rows): the lists leave out every deal not rated high confidence. The table is not
              filtered.
            </span>
          </span>
        </label>
      ) : null}
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
