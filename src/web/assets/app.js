// Progressive enhancement for the dashboard: every page works without this file.
// - <button data-copy="ID">: copies the text of the element #ID to the clipboard.
// - <form data-confirm="Question?">: asks before submitting (e.g. revoking a key).
// - window.toolapi.csrfHeaders(): the X-CSRF-Token header for fetch() calls made by pages.
'use strict';

(function () {
  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute('content') : '';
  }

  function announce(button, text) {
    var status = button.parentElement && button.parentElement.querySelector('.copy-status');
    if (status) status.textContent = text;
  }

  document.addEventListener('click', function (event) {
    var button = event.target instanceof Element ? event.target.closest('button[data-copy]') : null;
    if (!button) return;
    var source = document.getElementById(button.getAttribute('data-copy'));
    if (!source) return;
    var text = source.value !== undefined ? source.value : source.textContent;
    if (!navigator.clipboard) {
      announce(button, 'Select the text and copy it (the clipboard is not available here).');
      return;
    }
    navigator.clipboard.writeText(text.trim()).then(
      function () {
        announce(button, 'Copied.');
      },
      function () {
        announce(button, 'Could not copy: select the text and copy it.');
      },
    );
  });

  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    var question = form.getAttribute('data-confirm');
    if (question && !window.confirm(question)) event.preventDefault();
  });

  // Copy buttons are shown only when this script runs (they do nothing without it).
  document.documentElement.classList.add('js');

  window.toolapi = {
    csrfToken: csrfToken,
    csrfHeaders: function () {
      return { 'X-CSRF-Token': csrfToken() };
    },
  };
})();
