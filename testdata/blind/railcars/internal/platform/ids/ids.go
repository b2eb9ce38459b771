// Package ids generates identifiers for new rows and documents.
package ids

import (
	"crypto/rand"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
)

// New returns a new UUID string.
func New() string { return uuid.NewString() }

// Prefixed returns a short sortable id with a type prefix, e.g. "wo_cs1k2...".
func Prefixed(prefix string) string {
	return prefix + "_" + xid.New().String()
}

// Sortable returns a ULID for rows that are mostly read in time order.
func Sortable(at time.Time) string {
	return ulid.MustNew(ulid.Timestamp(at), rand.Reader).String()
}

// InvoiceNumber formats a human-facing invoice number for a lease and period.
func InvoiceNumber(leaseNumber string, period time.Time) string {
	return fmt.Sprintf("INV-%s-%s", strings.ToUpper(leaseNumber), period.Format("200601"))
}
