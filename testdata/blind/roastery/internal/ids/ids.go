// Package ids centralises identifier formats. Resources exposed to people
// (orders, batches, shipments) get prefixed, time-sortable KSUIDs; rows that
// are only ever referenced internally use UUIDs.
package ids

import (
	"crypto/rand"
	"encoding/base32"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"
)

// New returns a prefixed KSUID such as "wo_2ZqT...".
func New(prefix string) string {
	return prefix + "_" + ksuid.New().String()
}

// UUID returns a random v4 UUID.
func UUID() uuid.UUID {
	return uuid.New()
}

var voucherEncoding = base32.NewEncoding("ABCDEFGHJKLMNPQRSTUVWXYZ23456789").WithPadding(base32.NoPadding)

// VoucherCode returns a short human-typeable code for store vouchers.
func VoucherCode() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return "RDG-" + voucherEncoding.EncodeToString(b)[:10]
}
