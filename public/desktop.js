// The desktop page (no inline scripts under the CSP): QR code of the mobile site, drawn by GET /qr.svg.
(function () {
  var mobileUrl = location.origin + '/home';
  document.getElementById('qr').src = '/qr.svg?u=' + encodeURIComponent(mobileUrl);
  document.getElementById('url').textContent = mobileUrl;
  document.getElementById('stay').addEventListener('click', function () {
    try {
      localStorage.setItem('inkreel.desktopOk', '1');
    } catch {
      // storage blocked: the visitor will see this page again
    }
  });
})();
