// A signed-in start asks for its user while the app's code downloads, so the answer is on its way (or here) when
// the entry runs: shared/session.ts takes it for its first read of the same token's user (issue 10). A plain,
// async script from index.html; any failure leaves the read to the entry, as before.
/* global window, localStorage, atob, fetch */
(function () {
  try {
    var token = localStorage.getItem('jwtToken');
    if (!token) return;
    var payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    if (typeof payload.id !== 'string' || !payload.id || (typeof payload.exp === 'number' && payload.exp * 1000 <= Date.now())) return;
    var path = '/auth/users/' + encodeURIComponent(payload.id);
    window.__bizdeskStartRead = {
      token: token,
      path: path,
      response: fetch('/api/v1' + path, { headers: { Accept: 'application/json', Authorization: 'Bearer ' + token } }),
    };
  } catch {
    // storage, token or fetch unusable: the entry reads the user itself
  }
})();
