// Package ids centralises identifier formats so that tables and logs use
// consistent, sortable prefixes.
package ids

import (
	"crypto/rand"
	"strings"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
)

func prefixed(prefix string) string {
	return prefix + "_" + strings.ToLower(ulid.MustNew(ulid.Now(), rand.Reader).String())
}

// Lot returns a new lot identifier.
func Lot() string { return prefixed("lot") }

// Bid returns a new bid identifier.
func Bid() string { return prefixed("bid") }

// Question returns a new lot question identifier.
func Question() string { return prefixed("qst") }

// Offer returns a new second-chance offer identifier.
func Offer() string { return prefixed("sco") }

// Shipment returns a new shipment identifier.
func Shipment() string { return prefixed("shp") }

// Notification returns a new notification log identifier.
func Notification() string { return prefixed("ntf") }

// Delivery returns a new outbound webhook delivery identifier.
func Delivery() string { return prefixed("whd") }

// Order derives the order identifier from the lot it settles; a lot sells
// at most once.
func Order(lotID string) string {
	return "ord_" + strings.TrimPrefix(lotID, "lot_")
}

// UUID returns a random RFC 4122 identifier.
func UUID() string { return uuid.NewString() }

// Request returns a short, roughly time-ordered identifier for correlating
// log lines.
func Request() string { return xid.New().String() }
