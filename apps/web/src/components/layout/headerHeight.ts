/** The header's height; its placeholder has the same, so the page does not jump when it loads. */
export const HEADER_HEIGHT = 56;
