import { DialogFrame, type DialogProps } from './dialog-frame';

export interface SidePanelProps extends DialogProps {
  /** Width from the sm breakpoint up; phones always get the full width. */
  widthClass?: string;
}

/** Drawer from the left edge: Escape, a click on the backdrop and the X close it. */
export function SidePanel({
  widthClass = 'sm:max-w-md',
  closeLabel = 'Close panel',
  ...props
}: SidePanelProps) {
  return (
    <DialogFrame
      {...props}
      closeLabel={closeLabel}
      look={{
        layer: 'flex',
        backdrop: 'bg-ink-950/70',
        panel: `h-full w-full border-r bg-ink-900 transition-transform duration-200 starting:-translate-x-full ${widthClass}`,
        header: 'items-center',
        title: '',
        content: '',
        footer: 'justify-between bg-ink-900/95',
      }}
    />
  );
}
