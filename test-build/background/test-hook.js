'use strict';
// Test builds only (`cargo xtask extension` adds it): lets the harness, from one of the
// extension's pages, fire what the browser fires when the user clicks or closes a notification.
// Headless browsers show no notification to click; everything after the browser's event (the
// owner looked up, the frame told, the script's callback) is the shipped code.

/* global paranoidExtension, usNotificationEvent, paranoidSenderIs */

(() => {
  paranoidExtension.runtime.onMessage.addListener((message, sender, respond) => {
    if (message === null || typeof message !== 'object' || message.type !== 'paranoid:test-notification') return undefined;
    if (!paranoidSenderIs(sender, 'own-page')) return undefined;
    usNotificationEvent(String(message.id), message.event === 'click' ? 'click' : 'done').then(() => respond({ ok: true }));
    return true;
  });
})();
