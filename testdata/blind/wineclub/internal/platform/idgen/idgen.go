// Package idgen centralises identifier formats.
package idgen

import (
	"crypto/rand"
	"strings"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"
)

// MemberID returns a sortable member identifier.
func MemberID() string { return "mem_" + ksuid.New().String() }

// ChargeID returns a sortable charge identifier.
func ChargeID() string { return "chg_" + ksuid.New().String() }

// GiftID returns a gift identifier.
func GiftID() string { return "gft_" + ksuid.New().String() }

// SubmissionID returns a compliance submission identifier.
func SubmissionID() string { return "sub_" + ksuid.New().String() }

// EventID returns an outbox event identifier.
func EventID() string { return ksuid.New().String() }

// New returns a random UUID for rows that use UUID keys.
func New() uuid.UUID { return uuid.New() }

// Reference returns a short external reference for partner systems.
func Reference(prefix string) string {
	return prefix + "-" + strings.ToUpper(ksuid.New().String()[:16])
}

const giftAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// GiftCode returns a 12 character redemption code split in groups of four.
func GiftCode() string {
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	var sb strings.Builder
	for i, c := range b {
		if i > 0 && i%4 == 0 {
			sb.WriteByte('-')
		}
		sb.WriteByte(giftAlphabet[int(c)%len(giftAlphabet)])
	}
	return sb.String()
}
