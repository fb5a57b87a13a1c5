//go:build linux

package nec

import "syscall"

// cpuTime returns the CPU time (user + system) the process has used, in nanoseconds; the
// benchmarks report it beside wall time because the build machine is shared.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
