// index.html's start script (issue 10), inlined by the build (start-paint.ts) right after <div id="root">, its
// hash allowed by the server's Content-Security-Policy. For a signed-in start at `/` with the names kept for the
// stored token's user (shared/session.ts `getStartNames`), it paints the start frame while the page is parsed: the
// main layout's frame and the dashboard's greeting, the same elements, classes and texts as app/StartFrame.tsx, so
// the greeting paints with the page's stylesheet, not after the app's code has loaded and rendered. React's first
// render (the same StartFrame) replaces it in place. Anywhere else, or without kept names, it does nothing. The
// entry's module script is untouched: it downloads and runs as before. `config` is filled in by the build:
// { texts: the greeting's texts by language (features/dashboard/greetingTexts.ts), vars: the tokens' CSS
// variables (shared/ui/tokens.ts, which the entry sets too) }.
/* global window, document, localStorage, navigator, atob, __BIZDESK_START__ */
(function (config) {
  try {
    if (window.location.pathname !== '/') return;
    var token = localStorage.getItem('jwtToken');
    if (!token) return;
    var payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    if (typeof payload.exp === 'number' && payload.exp * 1000 <= Date.now()) return;
    var kept = JSON.parse(localStorage.getItem('bizdesk.startNames') || 'null');
    if (!kept || typeof payload.id !== 'string' || !payload.id || kept.id !== payload.id) return;
    if (typeof kept.userName !== 'string' || typeof kept.businessName !== 'string') return;
    var root = document.getElementById('root');
    if (!root || root.firstChild) return;
    var language = localStorage.getItem('bizdeskLanguage');
    if (!config.texts[language]) language = navigator.language.slice(0, 2).toLowerCase();
    if (!config.texts[language]) language = 'en';
    var texts = config.texts[language];
    var hour = new Date().getHours();
    var greeting = texts.greeting[hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening'];
    var el = function (tag, className, children) {
      var node = document.createElement(tag);
      node.className = className;
      for (var i = 0; i < children.length; i++) node.append(children[i]);
      return node;
    };
    var title = greeting.split('{{name}}').join(kept.userName.split(' ')[0]);
    var description = texts.subtitle.split('{{business}}').join(kept.businessName);
    // The locale data (ICU) the dashboard formats its date and figures with is set up once per page: some 30–50 ms
    // of one uninterrupted task, whenever it comes. Here, before the frame is built, it runs while the app's code
    // downloads and before anything is on screen to answer; after this frame's paint it held the page's first
    // seconds up. (A start without this frame does it after React's splash: shared/format/prepareFormats.ts.)
    try {
      new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' }).format(0);
      new Intl.NumberFormat().format(0);
    } catch {
      // no Intl: the app's formatters fail the same way later
    }
    for (var name in config.vars) document.documentElement.style.setProperty(name, config.vars[name]);
    document.documentElement.lang = language;
    root.append(
      el('div', 'bd-layout', [
        el('div', 'bd-nav-panel', []),
        el('header', 'bd-topbar', [el('div', 'bd-topbar__row', [])]),
        el('main', 'bd-main', [
          el('div', 'bd-main__inner', [
            el('div', 'bd-page-header', [
              el('div', 'bd-page-header__text', [
                el('h1', 'bd-page-title bd-page-title--described', [title]),
                el('p', 'bd-page-description', [description]),
              ]),
            ]),
          ]),
        ]),
      ]),
    );
  } catch {
    // storage or token unusable: React's start frame does what it can
  }
})(__BIZDESK_START__);
