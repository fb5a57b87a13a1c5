package nec

import (
	"strings"
	"testing"
)

// TestRemoteHelpCoversTheRemoteGame checks that the help page of a game across devices speaks
// of each of its parts in plain words: the referee, the invitations, the sealed orders and
// their refusals, the lock of the referee's own order, the missing orders and the updates.
func TestRemoteHelpCoversTheRemoteGame(t *testing.T) {
	for _, words := range []string{
		"# Playing across devices", "referee", "invitation link", "order link", "update link",
		"fallbacks", "replaces", "forgery", "already been resolved", "lock their own order",
		"a bot plays", "makes no order", "who is out", "scores",
	} {
		if !strings.Contains(RemoteHelp, words) {
			t.Errorf("the help does not say %q", words)
		}
	}
}
