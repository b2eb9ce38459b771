// Package ulid is a stub of github.com/oklog/ulid/v2 v2.1.2 for analysistest.
package ulid

import (
	"io"
	"time"
)

type ULID [16]byte

func (id ULID) String() string                              { return "" }
func New(ms uint64, entropy io.Reader) (id ULID, err error) { return ULID{}, nil }
func MustNew(ms uint64, entropy io.Reader) ULID             { return ULID{} }
func Make() (id ULID)                                       { return ULID{} }
func Now() uint64                                           { return 0 }
func Timestamp(t time.Time) uint64                          { return 0 }
func DefaultEntropy() io.Reader                             { return nil }
