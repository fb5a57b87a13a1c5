// Package remote plays Never-Ending Chess across devices with nothing but links, as the game
// was first played by mail: a referee's device keeps the game, players on other devices send
// it sealed orders, and the referee shares public updates. No server is involved.
//
// Whoever creates a remote game (New) is its referee: its device keeps the game, an X25519 key
// pair, a secret for each seat played from another device (Remote), and the orders received.
// Seats may also be played on the referee's device (Local, hot-seat) or by bots (Bot). The
// referee sends each remote player a personal invitation link (Referee.Invitation,
// InvitationFragment): the game, the seat, the referee's public key and the seat's secret.
//
// A player's device (Join, Player) composes an order with fallbacks on the board of the
// current update and seals it (Player.Seal): the order's text is encrypted to the referee's
// public key (X25519, HKDF-SHA256, AES-256-GCM, with a one-time key for each order), padded so
// that its length says little, and authenticated with the seat secret (HMAC-SHA256); the link
// binds the game's id, the seat and the update, so that anyone who sees it learns nothing,
// and an order forged, moved to another seat or game, or replayed from an earlier update is
// refused by the referee with a clear message (Referee.File).
//
// The referee files the orders as their links come (a later order of a seat for the same
// update replaces the earlier, and says so), sees who has sent one but never what it is
// (Referee.Status), locks the orders of the seats on its own device (Referee.Lock), and
// resolves the update (Referee.Resolve) when every order is in or earlier: the orders are
// decrypted only then, after every seat on the device has locked its own; a missing order makes
// none, or a bot chooses it, as chosen at creation (Config.Missing). The public update link
// (Referee.PublicUpdate, UpdateFragment) carries the game with every update's orders revealed,
// and the referee's tag of it for each remote seat (an HMAC with the seat's secret): the
// players' devices take a new update only with their seat's good tag (else ErrUnsigned) and
// replay it (Player.Apply) to the same boards, reports and scores.
//
// Both sides are saved as Never-Ending Chess games of package app/store, with the remote side
// in the entry's Remote field (SaveReferee, SavePlayer, Load): reloads, export and import keep
// the keys, secrets and orders received.
//
// The cryptography is Go's, not the browser's Web Crypto: it runs the same in every browser
// (Web Crypto's X25519 is recent) and on the host, synchronously, where it is tested and
// fuzzed. AES-256-GCM, HKDF and HMAC-SHA256 are the standard library's; X25519 is written here
// (x25519.go, RFC 7748's ladder) over the field arithmetic of filippo.io/edwards25519, since
// crypto/ecdh brings the NIST curves' tables into the page: measured on the page (brotli),
// this package costs about 20 KB this way and 136 KB with crypto/ecdh. Keys and secrets come
// from an injected source (crypto/rand in the page, a seeded one in tests).
//
// The package is pure Go (no go-app, no syscall/js): its tests run on the host.
package remote
