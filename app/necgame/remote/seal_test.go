package remote

import (
	"bytes"
	"crypto/ecdh"
	"encoding/hex"
	"errors"
	"strings"
	"testing"
)

// TestX25519RFC7748 checks the ladder against the vectors of RFC 7748 (section 5.2, one
// iteration; section 6.1, the Diffie-Hellman example).
func TestX25519RFC7748(t *testing.T) {
	for _, c := range []struct{ name, scalar, point, want string }{
		{"5.2 first vector",
			"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
			"e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
			"c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
		{"6.1 Alice's public key",
			"77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
			"0900000000000000000000000000000000000000000000000000000000000000",
			"8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"},
		{"6.1 Bob's public key",
			"5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
			"0900000000000000000000000000000000000000000000000000000000000000",
			"de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"},
	} {
		var k, u [KeySize]byte
		copy(k[:], unhex(t, c.scalar))
		copy(u[:], unhex(t, c.point))
		got, err := x25519(&k, &u)
		if err != nil || hex.EncodeToString(got[:]) != c.want {
			t.Errorf("%s: got %x, %v; want %s", c.name, got, err, c.want)
		}
	}
}

// TestX25519AgreesWithECDH checks the ladder against crypto/ecdh on keys and points from a
// seeded source, and that both sides of an exchange agree.
func TestX25519AgreesWithECDH(t *testing.T) {
	src := seeded(3)
	for i := 0; i < 200; i++ {
		a, _ := newKey(src)
		b, _ := newKey(src)
		pa, pb := publicKey(&a), publicKey(&b)
		ka, err := ecdh.X25519().NewPrivateKey(a[:])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(ka.PublicKey().Bytes(), pa[:]) {
			t.Fatalf("key %d: public key %x, crypto/ecdh says %x", i, pa, ka.PublicKey().Bytes())
		}
		ecdhPub, err := ecdh.X25519().NewPublicKey(pb[:])
		if err != nil {
			t.Fatal(err)
		}
		want, err := ka.ECDH(ecdhPub)
		if err != nil {
			t.Fatal(err)
		}
		s1, err1 := x25519(&a, &pb)
		s2, err2 := x25519(&b, &pa)
		if err1 != nil || err2 != nil || s1 != s2 || !bytes.Equal(s1[:], want) {
			t.Fatalf("exchange %d: %x / %x (%v, %v), crypto/ecdh says %x", i, s1, s2, err1, err2, want)
		}
	}
}

// TestX25519LowOrder checks that a point of low order gives an error, not a zero secret.
func TestX25519LowOrder(t *testing.T) {
	k, _ := newKey(seeded(4))
	for _, p := range []string{
		"0000000000000000000000000000000000000000000000000000000000000000",
		"0100000000000000000000000000000000000000000000000000000000000000",
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	} {
		var u [KeySize]byte
		copy(u[:], unhex(t, p))
		if _, err := x25519(&k, &u); !errors.Is(err, errLowOrder) {
			t.Errorf("point %s: %v, want errLowOrder", p, err)
		}
	}
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSealOpens checks that a sealed order opens with the referee's key only, to its text, and
// that the MAC takes the seat secret.
func TestSealOpens(t *testing.T) {
	src := seeded(5)
	key, _ := newKey(src)
	other, _ := newKey(src)
	pub := publicKey(&key)
	secret := bytes.Repeat([]byte{7}, SecretSize)
	for _, text := range []string{"", "N(3,15)", "Rx(12,15) / R(7,13)", strings.Repeat("x", MaxOrderText)} {
		s, err := seal("g1", 2, 5, 1, text, &pub, secret, src)
		if err != nil {
			t.Fatal(err)
		}
		if !s.authentic(secret) || s.authentic(bytes.Repeat([]byte{8}, SecretSize)) {
			t.Errorf("%q: the MAC does not depend on the seat secret", text)
		}
		if got, err := s.open(&key); err != nil || got != text {
			t.Errorf("%q: opens to %q, %v", text, got, err)
		}
		if _, err := s.open(&other); !errors.Is(err, errBox) {
			t.Errorf("%q: opens with another key: %v", text, err)
		}
		moved := s
		moved.Seat = 3 // the box is bound to its header too
		if _, err := moved.open(&key); !errors.Is(err, errBox) {
			t.Errorf("%q: opens for another seat: %v", text, err)
		}
	}
	if _, err := seal("g1", 2, 5, 1, strings.Repeat("x", MaxOrderText+1), &pub, secret, src); err == nil {
		t.Error("an order text longer than MaxOrderText was sealed")
	}
}

// TestSealHidesTheOrder checks what an onlooker sees of an order link: not its text, not
// whether two orders are the same, and its length only to the block of 64 bytes.
func TestSealHidesTheOrder(t *testing.T) {
	src := seeded(6)
	key, _ := newKey(src)
	pub := publicKey(&key)
	secret := bytes.Repeat([]byte{1}, SecretSize)
	link := func(text string) string {
		s, err := seal("g1", 1, 1, 1, text, &pub, secret, src)
		if err != nil {
			t.Fatal(err)
		}
		return orderOf(s).Fragment()
	}
	a, b := link("N(3,15)"), link("N(3,15)")
	if a == b {
		t.Error("the same order sealed twice gives the same link")
	}
	if short, long := link(""), link("Rx(12,15) / R(7,13) / N(3,15)"); len(short) != len(long) {
		t.Errorf("a pass and an order of three steps give links of %d and %d characters", len(short), len(long))
	}
	for _, l := range []string{a, b} {
		if strings.ContainsAny(l, "(),/ ") {
			t.Errorf("the link shows the order: %s", l)
		}
	}
}
