// The "Export CSV" button of the tool tables and the realm statistics.
import { buttonClass } from '../../components/ui';

export const EXPORT_CSV_LABEL = 'Export CSV';

export function ExportCsvButton({
  onClick,
  disabled,
  className = 'h-10',
}: {
  onClick: () => void;
  /** No rows to export: every row filtered out or unchecked. */
  disabled: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={buttonClass('secondary', 'sm', className)}
      onClick={onClick}
      disabled={disabled}
      title="Download the rows as shown (filters, sort, every page; unchecked rows left out) as a CSV file"
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4">
        <path
          d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 13.5V16h12v-2.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {EXPORT_CSV_LABEL}
    </button>
  );
}
