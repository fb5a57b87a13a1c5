//go:build !wasm

package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// workerPatch is one change to go-app's service worker (app.DefaultAppWorkerJS): the text
// to find, exactly once, and what replaces it. GOAPP-NOTES.md describes the three gaps
// the first two close; the last one drops go-app's unused push and notification handlers.
// TestWorkerPatches fails when a go-app update changes an anchor.
type workerPatch struct {
	name, old, new string
}

var workerPatches = []workerPatch{
	{
		// Gap 2: never precache a stale file from the HTTP cache (an old app.js next to a
		// new app.wasm, on hosts that send max-age). GOAPP-NOTES suggests cache: "reload";
		// "no-cache" is as safe (the HTTP cache is always revalidated with the server) and
		// cheaper: what the page has just downloaded comes back as a 304 instead of a second
		// copy of app.wasm. Gap 3: precache the scope URL too, the start page of a site on a
		// sub-path. Each URL once: addAll refuses duplicates.
		name: "precache",
		old: `async function installWorker() {
  const cache = await caches.open(cacheName);
  await cache.addAll(resourcesToCache);
}`,
		new: `async function installWorker() {
  const cache = await caches.open(cacheName);
  // Plyground: revalidate with the server, and add the scope (the start page on a sub-path).
  const urls = new Set(resourcesToCache.map((u) => new URL(u, self.location.href).href));
  urls.add(self.registration.scope);
  await cache.addAll([...urls].map((u) => new Request(u, { cache: "no-cache" })));
}`,
	},
	{
		// Gap 1: offline, a page that is not in the cache (a deep link such as /play?id=x
		// or /saved) gets the cached start page, and the app routes to the address itself.
		name: "offline navigation",
		old: `async function fetchWithCache(request) {
  const cachedResponse = await caches.match(request);
  if (cachedResponse) {
    return cachedResponse;
  }
  return await fetch(request);
}`,
		new: `async function fetchWithCache(request) {
  const cachedResponse = await caches.match(request);
  if (cachedResponse) {
    return cachedResponse;
  }
  try {
    return await fetch(request);
  } catch (err) {
    // Plyground: offline, answer a page that is not cached with the cached start page.
    if (request.mode === "navigate") {
      const start = await caches.match(self.registration.scope);
      if (start) {
        return start;
      }
    }
    throw err;
  }
}`,
	},
	{
		// go-app's push and notification handlers: the app subscribes to no push service
		// and shows no notifications (nothing calls go-app's Notifications()), so they are
		// dead code in the worker: code that would show any notification a page of the
		// origin asks for ("goapp:notify" messages) and open any path a notification
		// names. The whole section is the anchor: a go-app change to it fails the test.
		name: "no push or notification handlers",
		old: `// -----------------------------------------------------------------------------
// Push Notifications
// -----------------------------------------------------------------------------
self.addEventListener("push", (event) => {
  event.waitUntil((async () => {
    let notification;

    try {
      notification = event.data ? event.data.json() : null;
    } catch {
      notification = null;
    }

    if (!notification) {
      return;
    }

    await showNotification(self.registration, notification);
  })());
});

self.addEventListener("message", (event) => {
  const msg = event.data;
  if (!msg || msg.type !== "goapp:notify") {
    return;
  }

  event.waitUntil(
    showNotification(self.registration, msg.options)
  );
});

async function showNotification(registration, notification) {
  const title = notification.title || "Notification";

  let actions = [];
  for (let i in notification.actions) {
    const action = notification.actions[i];
    actions.push({
      action: action.action,
      path: action.path,
    });
    delete action.path;
  }

  await registration.showNotification(title, {
    body: notification.body,
    icon: notification.icon,
    badge: notification.badge,
    actions: notification.actions,
    data: {
      goapp: {
        path: notification.path,
        actions: actions
      }
    }
  });
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();

  const notification = event.notification;
  let path = notification.data.goapp.path;

  for (let i in notification.data.goapp.actions) {
    const action = notification.data.goapp.actions[i];
    if (action.action === event.action) {
      path = action.path;
      break;
    }
  }

  event.waitUntil(
    clients
      .matchAll({
        type: "window",
      })
      .then((clientList) => {
        for (var i = 0; i < clientList.length; i++) {
          let client = clientList[i];
          if ("focus" in client) {
            client.focus();
            client.postMessage({
              goapp: {
                type: "notification",
                path: path,
              },
            });
            return;
          }
        }

        if (clients.openWindow) {
          return clients.openWindow(path);
        }
      })
  );
});`,
		new: `// Plyground: go-app's push and notification handlers are left out (cmd/pwa/serve_worker.go).`,
	},
}

// serviceWorker returns go-app's service worker template with the patches applied. It fails
// when an anchor is not found exactly once (go-app changed its worker): serving the
// unpatched worker would silently bring the gaps back.
func serviceWorker() (string, error) { return patchWorker(app.DefaultAppWorkerJS) }

// patchWorker applies workerPatches to a worker template.
func patchWorker(js string) (string, error) { return patch(js, "service worker", workerPatches) }

// appPatches are the changes to go-app's app.js (the page's loader), applied like the
// worker's: TestAppPatches fails when go-app changes the anchor.
var appPatches = []workerPatch{
	{
		// go-app registers the service worker first, and the worker's install downloads
		// app.wasm for its cache while the page downloads it too: on a first visit the
		// biggest file crossed the network twice before the board was drawn. Register it
		// once the program runs: its precaching then revalidates what the page has.
		name: "register the worker after the program starts",
		old: `goappInitServiceWorker();
goappWatchForUpdate();
goappWatchForInstallable();
goappInitWebAssembly();`,
		new: `goappWatchForUpdate();
goappWatchForInstallable();
// Plyground: register the service worker once the program runs (see cmd/pwa/serve_worker.go).
goappInitWebAssembly().finally(goappInitServiceWorker);`,
	},
	{
		// go-app says a new version is ready when an installing worker reaches "activated"
		// while the page has a controller. On a first visit the page has none until the first
		// worker's clients.claim() gives it one, and nothing orders that against the
		// "activated" event: WebKit often gave the controller first, and the page offered a
		// new version on 2 visits of 5. A new version is a new worker taking over from
		// another one: the page had a controller, and it changes. (This also sees an update
		// whose install began before the page registered the worker, which go-app's
		// "updatefound" listener missed.)
		name: "a new version only replaces a worker",
		old: `function goappSetupNotifyUpdate(registration) {
  registration.addEventListener("updatefound", (event) => {
    const newSW = registration.installing;
    newSW.addEventListener("statechange", (event) => {
      if (!navigator.serviceWorker.controller) {
        return;
      }

      switch (newSW.state) {
        case "activated":
          goappOnUpdate();
      }
    });
  });
}`,
		new: `function goappSetupNotifyUpdate(registration) {
  // Plyground: a new version is a worker that takes over from another (cmd/pwa/serve_worker.go).
  let controller = navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    const previous = controller;
    controller = navigator.serviceWorker.controller;
    if (previous) {
      goappOnUpdate();
    }
  });
}`,
	},
}

// patch applies patches to a script; it fails when an anchor is not found exactly once.
func patch(js, what string, patches []workerPatch) (string, error) {
	for _, p := range patches {
		if n := strings.Count(js, p.old); n != 1 {
			return "", fmt.Errorf("%s patch %q: its anchor occurs %d times in go-app's %s, want 1 (go-app changed: update cmd/pwa/serve_worker.go)", what, p.name, n, what)
		}
		js = strings.Replace(js, p.old, p.new, 1)
	}
	return js, nil
}

// appJS returns the handler's app.js with appPatches applied.
func appJS(h http.Handler) ([]byte, error) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/app.js", nil))
	if rec.Code != http.StatusOK {
		return nil, fmt.Errorf("app.js: status %d", rec.Code)
	}
	js, err := patch(rec.Body.String(), "app.js", appPatches)
	if err != nil {
		return nil, err
	}
	return []byte(js), nil
}
