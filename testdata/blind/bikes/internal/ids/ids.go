// Package ids centralises identifier formats so that each kind of record
// uses the same generator everywhere.
package ids

import (
	"crypto/rand"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
)

// Generator produces string identifiers.
type Generator interface {
	New() string
}

// GeneratorFunc adapts a function to Generator.
type GeneratorFunc func() string

func (f GeneratorFunc) New() string { return f() }

// UUIDs generates random UUIDv4 strings.
var UUIDs Generator = GeneratorFunc(func() string { return uuid.NewString() })

// KSUIDs are used for rider-facing references because they sort by time.
var KSUIDs Generator = GeneratorFunc(func() string { return ksuid.New().String() })

// NewTicketID returns a ULID for maintenance tickets; ops tooling sorts on it.
func NewTicketID(at time.Time) string {
	return ulid.MustNew(ulid.Timestamp(at), rand.Reader).String()
}

// NewCorrelationID returns a short, roughly time-ordered id for outbound
// partner requests.
func NewCorrelationID() string { return xid.New().String() }

// NewReportID returns the public id of a damage report.
func NewReportID() string { return "dr_" + ksuid.New().String() }
