// Package ids generates identifiers for new rows.
package ids

import (
	"crypto/rand"
	"math/big"
	"strings"

	"github.com/oklog/ulid/v2"
	"github.com/segmentio/ksuid"
)

// New returns a sortable unique id with a type prefix, e.g. "rsv_01J...".
func New(prefix string) string {
	return prefix + "_" + strings.ToLower(ulid.Make().String())
}

// Event returns a K-sortable id for event-derived rows.
func Event(prefix string) string {
	return prefix + "_" + ksuid.New().String()
}

// PIN returns a random numeric gate PIN of n digits.
func PIN(n int) (string, error) {
	var b strings.Builder
	for i := 0; i < n; i++ {
		d, err := rand.Int(rand.Reader, big.NewInt(10))
		if err != nil {
			return "", err
		}
		b.WriteByte(byte('0' + d.Int64()))
	}
	return b.String(), nil
}
