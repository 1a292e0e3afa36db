/* Errors of the page are written into it (#report-errors), so that a reader, and the browser test, see them. */
(function () {
  function show(msg) {
    var el = document.getElementById('report-errors');
    if (el) el.textContent += msg + '\n';
  }
  window.addEventListener('error', function (e) { show('error: ' + e.message + (e.lineno ? ' (line ' + e.lineno + ')' : '')); });
  window.addEventListener('unhandledrejection', function (e) { show('error: ' + e.reason); });
  var original = console.error;
  console.error = function () { show('console.error: ' + Array.prototype.join.call(arguments, ' ')); original.apply(console, arguments); };
})();
