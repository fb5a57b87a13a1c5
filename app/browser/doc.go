// Package browser holds the adapters that touch the browser through syscall/js: local
// storage as a store.Storage (reporting a full quota), the clipboard, the system share sheet
// (Web Share API), file download and upload, and the engine worker bridge. Each *_wasm.go
// file has a host twin (*_other.go) so that the packages above build and test natively;
// the twins keep things in memory or report that the feature is missing.
package browser
