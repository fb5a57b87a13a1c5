// Package browser is every touch of the browser: local storage as a store.Storage (reporting
// a full quota), the address bar and other tabs' saves, the clipboard, the system share sheet
// (Web Share API), file download and upload, the app's sounds (Web Audio), pointer capture,
// and the engine worker bridge. Nothing else in the page touches the browser itself (the
// views go through go-app; internal/layering checks that only this package and cmd/worker
// import syscall/js or safejs).
//
// Every call into JavaScript goes through github.com/hack-pad/safejs, which returns a thrown
// exception as an error instead of a panic: a function here returns an error the caller can
// show (a *jsError inside names the exception, "QuotaExceededError"), and never recovers a
// panic. The one use of syscall/js is the type of safejs's exception, to read its name.
//
// Each *_wasm.go file has a host twin (*_other.go) so that the packages above build and test
// natively; the twins keep things in memory, stay silent, or report ErrUnsupported.
package browser
