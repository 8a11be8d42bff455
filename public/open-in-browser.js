// Shows the address to open in the system browser and copies it (no inline scripts under the CSP).
(function () {
  var from = new URLSearchParams(location.search).get('from') || '/home';
  // Only a path of this site, never another origin.
  if (from.charAt(0) !== '/' || from.charAt(1) === '/') from = '/home';
  var url = location.origin + from;
  document.getElementById('url').textContent = url;
  document.getElementById('copy').addEventListener('click', function () {
    function done() {
      document.getElementById('done').hidden = false;
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(url).then(done, fallback);
    } else fallback();
    function fallback() {
      var ta = document.createElement('textarea');
      ta.value = url;
      document.body.appendChild(ta);
      ta.select();
      try {
        if (document.execCommand('copy')) done();
      } catch {
        // nothing more to try: the address stays on screen
      }
      ta.remove();
    }
  });
})();
