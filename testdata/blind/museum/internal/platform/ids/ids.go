// Package ids centralises identifier formats used across the platform.
package ids

import (
	"crypto/rand"
	"strings"
	"time"

	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
)

// NewOperationID returns a sortable identifier for payment operations,
// e.g. "op_01HZY...".
func NewOperationID() string {
	return "op_" + strings.ToLower(ulid.MustNew(ulid.Timestamp(time.Now()), rand.Reader).String())
}

// NewDonationID returns a K-sortable donation identifier.
func NewDonationID() string { return "don_" + ksuid.New().String() }

// NewReceiptID returns a K-sortable tax receipt identifier.
func NewReceiptID() string { return "txr_" + ksuid.New().String() }

// NewReference returns a short globally unique reference used on partner
// documents (packing slips, labels).
func NewReference(prefix string) string { return prefix + "-" + xid.New().String() }
