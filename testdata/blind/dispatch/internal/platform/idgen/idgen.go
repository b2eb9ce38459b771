// Package idgen centralises identifier formats so that every table and log
// line uses the same prefixes.
package idgen

import (
	"crypto/rand"
	"strings"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
)

// NewOrderID returns a new order identifier (UUIDv4 string).
func NewOrderID() string { return uuid.NewString() }

// NewAssignmentID returns a sortable identifier for a courier assignment.
func NewAssignmentID() string {
	return "asg_" + strings.ToLower(ulid.MustNew(ulid.Now(), rand.Reader).String())
}

// NewCollectionID returns a K-sortable identifier for a cash collection.
func NewCollectionID() string { return "col_" + ksuid.New().String() }

// NewPayoutID returns a sortable payout identifier.
func NewPayoutID() string { return "po_" + strings.ToLower(ulid.Make().String()) }

// NewTraceID returns a short id used to correlate log lines.
func NewTraceID() string { return xid.New().String() }

// NewOutboxID returns an identifier for an outbox row.
func NewOutboxID() string { return uuid.NewString() }
