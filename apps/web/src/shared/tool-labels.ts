// Labels the tools show and /config-personal repeats, so a setting reads as the column or option it changes.

/** The expected profit's column and card label. */
export const EXPECTED_PROFIT_LABEL = 'Expected Profit';
/** The listings' own profit after the cut: its column and card label. */
export const SELL_VS_BUY_LABEL = 'Sell vs Buy';
/** The Auctionator export's option to list only the rows rated high confidence. */
export const HIGH_CONFIDENCE_ONLY_LABEL = 'High-confidence rows only';
