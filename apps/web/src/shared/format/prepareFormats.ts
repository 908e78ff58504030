/**
 * The browser sets up its locale data (ICU) on a page's first date or number format: some 50 ms of one
 * uninterrupted task, several times that on a phone. A signed-in start formats dates and numbers in its first
 * screen (the dashboard writes today's date in its header), so that set-up is done right after the splash has
 * painted, while the app's code is still downloading, instead of inside the first screen's render.
 */
export const prepareFormatsAfterPaint = () => {
  requestAnimationFrame(() =>
    setTimeout(() => {
      try {
        new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' }).format(0);
        new Intl.NumberFormat().format(0);
      } catch {
        // no Intl: the app's formatters fail the same way later
      }
    }, 0),
  );
};
