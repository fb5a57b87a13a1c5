package qr

// Reed-Solomon arithmetic over GF(256) with the QR code's polynomial x^8+x^4+x^3+x^2+1.

var gfExp, gfLog = gfTables()

func gfTables() (exp [512]byte, log [256]byte) {
	x := 1
	for i := 0; i < 255; i++ {
		exp[i] = byte(x)
		log[x] = byte(i)
		x <<= 1
		if x&0x100 != 0 {
			x ^= 0x11D
		}
	}
	for i := 255; i < 512; i++ {
		exp[i] = exp[i-255]
	}
	return exp, log
}

func gfMul(a, b byte) byte {
	if a == 0 || b == 0 {
		return 0
	}
	return gfExp[int(gfLog[a])+int(gfLog[b])]
}

// generator returns the coefficients of (x - a^0)(x - a^1)...(x - a^(n-1)), highest degree
// first, without the leading 1.
func generator(n int) []byte {
	g := []byte{1}
	for i := 0; i < n; i++ {
		next := make([]byte, len(g)+1)
		for j, c := range g {
			next[j] ^= c
			next[j+1] ^= gfMul(c, gfExp[i])
		}
		g = next
	}
	return g[1:]
}

// remainder returns the error-correction codewords of data: the remainder of data * x^n
// divided by the generator.
func remainder(data, gen []byte) []byte {
	rem := make([]byte, len(gen))
	for _, d := range data {
		factor := d ^ rem[0]
		copy(rem, rem[1:])
		rem[len(rem)-1] = 0
		for i, g := range gen {
			rem[i] ^= gfMul(g, factor)
		}
	}
	return rem
}
