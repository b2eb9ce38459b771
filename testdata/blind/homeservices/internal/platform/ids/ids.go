// Package ids generates identifiers for rows, references and keys.
package ids

import (
	"github.com/google/uuid"
	"github.com/google/wire"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
)

// ProviderSet provides the default Generator and KeySource.
var ProviderSet = wire.NewSet(UUIDGenerator, NewKeySource)

// Generator returns a new identifier on each call.
type Generator func() string

// New returns a random UUIDv4 string.
func New() string { return uuid.NewString() }

// Sortable returns a ULID, lexically sortable by creation time.
func Sortable() string { return ulid.Make().String() }

// Short returns a compact, roughly time-ordered id.
func Short() string { return xid.New().String() }

// Event returns a KSUID, used for events we originate.
func Event() string { return ksuid.New().String() }

// Prefixed returns prefix_<xid>, the format used for ids shown to support staff.
func Prefixed(prefix string) string { return prefix + "_" + xid.New().String() }

// UUIDGenerator is the default Generator for primary keys.
func UUIDGenerator() Generator { return New }

// KeySource hands out keys for outbound provider operations.
type KeySource interface {
	Next(op string) string
}

// RandomKeys builds operation keys from the operation name and a fresh xid.
type RandomKeys struct{}

// Next implements KeySource.
func (RandomKeys) Next(op string) string { return Prefixed(op) }

// NewKeySource returns the default KeySource.
func NewKeySource() KeySource { return RandomKeys{} }
