package remote

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hmac"
	cryptorand "crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/plyground/plyground/app/necgame"
	"io"
)

// The sizes of the keys and secrets.
const (
	// KeySize is the size of a referee's X25519 keys, public and private, in bytes.
	KeySize = 32
	// SecretSize is the size of a seat secret, in bytes.
	SecretSize = 32
	// macSize is the size of an order's authentication tag (HMAC-SHA256, truncated).
	macSize = 16
	// padTo is the block the text of a sealed order is padded to, so that the length of a
	// link says little of the order (how many fallbacks it has).
	padTo = 64
	// MaxOrderText bounds the text of one order, in bytes: MaxSteps steps of the longest
	// notation with room to spare.
	MaxOrderText = 4096
)

// Labels that bind every key and tag to its use, so that nothing made for one use is ever
// accepted for another.
const (
	labelKey = "plyground nec remote order v1: key"
	labelMAC = "plyground nec remote order v1: seat"
	// labelUpdate starts what a public update's tag for a seat authenticates.
	labelUpdate = "plyground nec remote update v2: seat"
)

// sealed is an order as its link carries it: who it is for and from, and the order itself,
// encrypted to the referee's public key and authenticated with the seat secret.
type sealed struct {
	// Game is the id of the game.
	Game string
	// Seat is the seat that sends the order (0 for the first).
	Seat int
	// Update is the update the order is for (1 for the first).
	Update int
	// Seq numbers the orders of the seat for the update (1 for the first): a later order
	// replaces an earlier one, never the other way round.
	Seq int
	// Ephemeral is the sender's one-time X25519 public key.
	Ephemeral [KeySize]byte
	// Box is the padded order text encrypted with AES-256-GCM, its tag included.
	Box []byte
	// MAC authenticates everything before it with the seat secret.
	MAC [macSize]byte
}

// header returns the bytes that bind a sealed order to its game, seat and update: the start of
// its link, which the cipher authenticates too.
func (o sealed) header() []byte {
	b := []byte{orderVersion, byte(o.Seat)}
	b = binary.AppendUvarint(b, uint64(o.Update))
	b = binary.AppendUvarint(b, uint64(o.Seq))
	b = append(b, byte(len(o.Game)))
	b = append(b, o.Game...)
	return append(b, o.Ephemeral[:]...)
}

// body returns the bytes the MAC authenticates.
func (o sealed) body() []byte { return append(o.header(), o.Box...) }

// mac returns the authentication tag of o with a seat secret.
func (o sealed) mac(secret []byte) [macSize]byte {
	h := hmac.New(sha256.New, secret)
	h.Write([]byte(labelMAC))
	h.Write(o.body())
	var t [macSize]byte
	copy(t[:], h.Sum(nil))
	return t
}

// updateTag returns the referee's tag of the update of game (its record rec) for seat, with
// the seat's secret.
func updateTag(secret []byte, game string, seat int, rec necgame.Record) [TagSize]byte {
	h := hmac.New(sha256.New, secret)
	h.Write([]byte(labelUpdate))
	h.Write([]byte{byte(seat), byte(len(game))})
	h.Write([]byte(game))
	h.Write([]byte(necgame.EncodeRecord(rec)))
	var t [TagSize]byte
	copy(t[:], h.Sum(nil))
	return t
}

// authentic reports whether o was sealed with secret.
func (o sealed) authentic(secret []byte) bool {
	t := o.mac(secret)
	return hmac.Equal(t[:], o.MAC[:])
}

// boxKey derives the AES key of an order from the X25519 shared secret and the header.
func boxKey(shared []byte, header []byte) ([]byte, error) {
	return hkdf.Key(sha256.New, shared, header, labelKey, 32)
}

// aead returns the cipher of a key. The key is used for one order only (each order has its
// own ephemeral key), so the nonce is zero.
func aead(key []byte) (cipher.AEAD, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// seal encrypts the text of order number seq of seat for update of game to the referee's public key
// and authenticates it with the seat secret; rand gives the ephemeral key.
func seal(game string, seat, update, seq int, text string, referee *[KeySize]byte, secret []byte, rand io.Reader) (sealed, error) {
	if len(text) > MaxOrderText {
		return sealed{}, fmt.Errorf("sealing the order: %d bytes of text, at most %d", len(text), MaxOrderText)
	}
	eph, err := newKey(rand)
	if err != nil {
		return sealed{}, fmt.Errorf("sealing the order: %w", err)
	}
	o := sealed{Game: game, Seat: seat, Update: update, Seq: seq, Ephemeral: publicKey(&eph)}
	shared, err := x25519(&eph, referee)
	if err != nil {
		return sealed{}, fmt.Errorf("sealing the order: %w", err)
	}
	head := o.header()
	key, err := boxKey(shared[:], head)
	if err != nil {
		return sealed{}, fmt.Errorf("sealing the order: %w", err)
	}
	c, err := aead(key)
	if err != nil {
		return sealed{}, fmt.Errorf("sealing the order: %w", err)
	}
	o.Box = c.Seal(nil, make([]byte, c.NonceSize()), pad(text), head)
	o.MAC = o.mac(secret)
	return o, nil
}

// newKey makes an X25519 private key of KeySize bytes read from rand (crypto/rand when nil).
func newKey(rand io.Reader) ([KeySize]byte, error) {
	var k [KeySize]byte
	b, err := random(rand, KeySize)
	copy(k[:], b)
	return k, err
}

// random reads n bytes from rand (crypto/rand when nil).
func random(rand io.Reader, n int) ([]byte, error) {
	if rand == nil {
		rand = cryptorand.Reader
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(rand, b); err != nil {
		return nil, fmt.Errorf("reading random bytes: %w", err)
	}
	return b, nil
}

// errBox is the error of an order that does not decrypt.
var errBox = errors.New("the order does not decrypt with this game's key")

// open decrypts a sealed order with the referee's private key and returns its text. It does
// not check the MAC: File did, when the order was filed.
func (o sealed) open(key *[KeySize]byte) (string, error) {
	shared, err := x25519(key, &o.Ephemeral)
	if err != nil {
		return "", errBox
	}
	head := o.header()
	k, err := boxKey(shared[:], head)
	if err != nil {
		return "", errBox
	}
	c, err := aead(k)
	if err != nil {
		return "", errBox
	}
	plain, err := c.Open(nil, make([]byte, c.NonceSize()), o.Box, head)
	if err != nil {
		return "", errBox
	}
	return unpad(plain)
}

// pad writes text as its length (2 bytes) and the text, padded with zeros to a multiple of
// padTo bytes.
func pad(text string) []byte {
	n := 2 + len(text)
	n += (padTo - n%padTo) % padTo
	b := make([]byte, n)
	binary.BigEndian.PutUint16(b, uint16(len(text)))
	copy(b[2:], text)
	return b
}

// unpad reads what pad wrote.
func unpad(b []byte) (string, error) {
	if len(b) < 2 || len(b)%padTo != 0 {
		return "", errors.New("the order's text is badly padded")
	}
	n := int(binary.BigEndian.Uint16(b))
	if n > len(b)-2 || n > MaxOrderText {
		return "", errors.New("the order's text is badly padded")
	}
	for _, c := range b[2+n:] {
		if c != 0 {
			return "", errors.New("the order's text is badly padded")
		}
	}
	return string(b[2 : 2+n]), nil
}
