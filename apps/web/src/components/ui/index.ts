// Reusable controls of SPEC §2.
export * from './badge';
export * from './button-styles';
export * from './dropdown';
export * from './modal';
export * from './pagination';
export * from './side-panel';
export * from './slider-input';
export * from './sticky-totals-bar';
export * from './switch';
export * from './tooltip';
