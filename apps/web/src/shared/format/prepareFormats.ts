/**
 * The browser sets up its locale data (ICU) on a page's first date or number format: some 50 ms of one
 * uninterrupted task, several times that on a phone. A signed-in start formats dates and numbers in its first
 * screen (the dashboard writes today's date in its header), so that set-up is done right after the splash has
 * painted, while the app's code is still downloading, instead of inside the first screen's render. In two tasks:
 * the first format of any kind sets up ICU itself, each further kind its own data, and two shorter tasks block
 * the page less than one long one.
 */
export const prepareFormatsAfterPaint = () => {
  const inTask = (prepare: () => void) =>
    setTimeout(() => {
      try {
        prepare();
      } catch {
        // no Intl: the app's formatters fail the same way later
      }
    }, 0);
  requestAnimationFrame(() => {
    inTask(() => new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' }).format(0));
    inTask(() => new Intl.NumberFormat().format(0));
  });
};
