import { DialogFrame, type DialogLook, type DialogProps } from './dialog-frame';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

const sizes: Record<ModalSize, string> = {
  sm: 'sm:max-w-sm',
  md: 'sm:max-w-lg',
  lg: 'sm:max-w-2xl',
  xl: 'sm:max-w-4xl',
};

export interface ModalProps extends DialogProps {
  size?: ModalSize;
}

const look = (size: ModalSize): DialogLook => ({
  layer: 'flex items-end justify-center p-0 sm:items-center sm:p-6',
  backdrop: 'bg-ink-950/75',
  panel: `max-h-[92dvh] w-full rounded-t-2xl border bg-ink-850 transition duration-200 starting:translate-y-4 starting:opacity-0 sm:rounded-2xl ${sizes[size]}`,
  header: 'items-start sm:px-6',
  title: 'pt-1.5',
  content: 'sm:px-6',
  footer: 'justify-end sm:px-6',
});

/** Centred dialog (a bottom sheet on phones): Escape, a click on the backdrop and the X close it. */
export function Modal({ size = 'md', closeLabel = 'Close dialog', ...props }: ModalProps) {
  return <DialogFrame {...props} closeLabel={closeLabel} look={look(size)} />;
}
