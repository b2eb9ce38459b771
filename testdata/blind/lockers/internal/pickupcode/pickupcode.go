// Package pickupcode generates and checks recipient pickup codes.
package pickupcode

import (
	"crypto/rand"
	"crypto/subtle"
	"math/big"
)

const digits = 6

// New returns a random numeric code.
func New() string {
	max := big.NewInt(1_000_000)
	n, err := rand.Int(rand.Reader, max)
	if err != nil {
		panic(err)
	}
	s := n.String()
	for len(s) < digits {
		s = "0" + s
	}
	return s
}

// Equal compares codes in constant time.
func Equal(a, b string) bool {
	return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}
