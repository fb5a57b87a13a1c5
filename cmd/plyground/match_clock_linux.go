//go:build linux

package main

import (
	"syscall"
	"time"
	"unsafe"
)

// threadClock returns a clock that reads the CPU time of the calling OS thread, so that a
// time budget measures computation, not the machine's load. The caller must stay on one
// thread (runtime.LockOSThread) while it uses the clock.
func threadClock() (func() time.Time, bool) {
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	read := func() (time.Time, bool) {
		var ts syscall.Timespec
		_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
		if errno != 0 {
			return time.Time{}, false
		}
		return time.Unix(ts.Sec, ts.Nsec), true
	}
	if _, ok := read(); !ok {
		return time.Now, false
	}
	return func() time.Time {
		t, _ := read()
		return t
	}, true
}
