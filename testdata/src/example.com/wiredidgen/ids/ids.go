// Package ids holds the identifier generators services carry as fields.
package ids

import (
	"crypto/sha256"
	"encoding/hex"
	"sync"

	"github.com/google/uuid"
	"github.com/rs/xid"
)

// Generator returns an identifier.
type Generator func() string

// UUID returns random UUIDs.
func UUID() Generator { return uuid.NewString }

// XID returns sortable random IDs.
func XID() Generator {
	return func() string { return xid.New().String() }
}

// Prefixed prefixes what g makes.
func Prefixed(prefix string, g Generator) Generator {
	return func() string { return prefix + "_" + g() }
}

// Hashed returns the same ID for the same seed on every call.
func Hashed(seed string) Generator {
	return func() string {
		sum := sha256.Sum256([]byte(seed))
		return hex.EncodeToString(sum[:])
	}
}

// Random returns a random ID.
func Random() string { return uuid.NewString() }

// Default is the generator services get unless a test pins it.
var Default Generator = Random

// Source makes sortable random IDs, one caller at a time.
type Source struct{ mu sync.Mutex }

// NewSource returns a source.
func NewSource() *Source { return &Source{} }

// Next returns a new ID.
func (s *Source) Next() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return xid.New().String()
}

// Pinned returns the ID it holds, as a test pins one.
type Pinned struct{ ID string }

// Next returns the pinned ID.
func (p *Pinned) Next() string { return p.ID }
