package remote

import (
	"crypto/subtle"
	"errors"

	"filippo.io/edwards25519/field"
)

// X25519 (RFC 7748) is written here over the field arithmetic of filippo.io/edwards25519
// rather than taken from crypto/ecdh: crypto/ecdh brings the NIST curves and their self-tests
// into the page (about 230 KB of WebAssembly), where this ladder and its field cost about 30
// KB. The tests check it against RFC 7748's vectors and against crypto/ecdh.

// basePoint is the u-coordinate of the base point of Curve25519.
var basePoint = [KeySize]byte{9}

// errLowOrder is the error of a shared secret of zero: the other key is of low order.
var errLowOrder = errors.New("a bad public key (of low order)")

// x25519 returns X25519(scalar, point), the Diffie-Hellman function of RFC 7748 section 5; it
// fails when the result is zero (a point of low order), as RFC 7748 section 6.1 allows.
func x25519(scalar, point *[KeySize]byte) ([KeySize]byte, error) {
	var out [KeySize]byte
	ladder(&out, scalar, point)
	var zero [KeySize]byte
	if subtle.ConstantTimeCompare(out[:], zero[:]) == 1 {
		return out, errLowOrder
	}
	return out, nil
}

// publicKey returns the public key of a private key: X25519(private, 9).
func publicKey(private *[KeySize]byte) [KeySize]byte {
	var out [KeySize]byte
	ladder(&out, private, &basePoint)
	return out
}

// ladder is the Montgomery ladder of RFC 7748 section 5, in constant time.
func ladder(dst, scalar, point *[KeySize]byte) {
	e := *scalar
	e[0] &= 248
	e[31] &= 127
	e[31] |= 64

	var x1, x2, z2, x3, z3, tmp0, tmp1 field.Element
	x1.SetBytes(point[:]) // cannot fail: 32 bytes; the top bit is ignored (RFC 7748)
	x2.One()
	x3.Set(&x1)
	z3.One()

	swap := 0
	for pos := 254; pos >= 0; pos-- {
		b := int(e[pos/8]>>uint(pos&7)) & 1
		swap ^= b
		x2.Swap(&x3, swap)
		z2.Swap(&z3, swap)
		swap = b

		tmp0.Subtract(&x3, &z3)
		tmp1.Subtract(&x2, &z2)
		x2.Add(&x2, &z2)
		z2.Add(&x3, &z3)
		z3.Multiply(&tmp0, &x2)
		z2.Multiply(&z2, &tmp1)
		tmp0.Square(&tmp1)
		tmp1.Square(&x2)
		x3.Add(&z3, &z2)
		z2.Subtract(&z3, &z2)
		x2.Multiply(&tmp1, &tmp0)
		tmp1.Subtract(&tmp1, &tmp0)
		z2.Square(&z2)

		z3.Mult32(&tmp1, 121666)
		x3.Square(&x3)
		tmp0.Add(&tmp0, &z3)
		z3.Multiply(&x1, &z2)
		z2.Multiply(&tmp1, &tmp0)
	}
	x2.Swap(&x3, swap)
	z2.Swap(&z3, swap)

	z2.Invert(&z2)
	x2.Multiply(&x2, &z2)
	copy(dst[:], x2.Bytes())
}
