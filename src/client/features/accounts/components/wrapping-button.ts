/**
 * For a button with a long label in a narrow card (German on a phone): it grows to two lines instead of
 * spilling out of its pill. `h-auto!` wins over the button's fixed height.
 */
export const WRAPPING_BUTTON_CLASS = 'h-auto! min-h-11 py-2 text-center leading-snug';
