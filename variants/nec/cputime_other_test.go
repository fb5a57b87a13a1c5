//go:build !linux

package nec

// cpuTime is not measured on this system.
func cpuTime() int64 { return 0 }
