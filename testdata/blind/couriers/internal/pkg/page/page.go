// Package page has the generic keyset-pagination helpers used by list
// endpoints.
package page

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
)

const (
	DefaultSize = 50
	MaxSize     = 200
)

// Cursor is a keyset position: rows strictly before (At, ID) in descending
// order.
type Cursor struct {
	At time.Time `json:"t"`
	ID uuid.UUID `json:"i"`
}

// Start is the cursor that precedes every row.
func Start() Cursor {
	return Cursor{At: time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC), ID: uuid.Max}
}

// Encode renders the cursor as an opaque token.
func (c Cursor) Encode() string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Decode parses a token produced by Encode. An empty token is the start.
func Decode(token string) (Cursor, error) {
	if token == "" {
		return Start(), nil
	}
	b, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil {
		return Cursor{}, fmt.Errorf("page: bad cursor: %w", err)
	}
	var c Cursor
	if err := json.Unmarshal(b, &c); err != nil {
		return Cursor{}, fmt.Errorf("page: bad cursor: %w", err)
	}
	return c, nil
}

// Request is a parsed page request.
type Request struct {
	After Cursor
	Size  int
}

// Fetch returns one row more than requested so Build can tell whether
// another page exists.
func (r Request) Fetch() int32 {
	return int32(r.Size + 1)
}

// NewRequest clamps size and decodes the cursor token.
func NewRequest(token string, size int) (Request, error) {
	if size <= 0 {
		size = DefaultSize
	}
	if size > MaxSize {
		size = MaxSize
	}
	c, err := Decode(token)
	if err != nil {
		return Request{}, err
	}
	return Request{After: c, Size: size}, nil
}

// Page is one page of T with the token for the next page.
type Page[T any] struct {
	Items []T    `json:"items"`
	Next  string `json:"next,omitempty"`
}

// Build converts rows (fetched with Request.Fetch) into a page of T, using
// key to compute the cursor of the last row returned.
func Build[R, T any](req Request, rows []R, conv func(R) T, key func(R) Cursor) Page[T] {
	p := Page[T]{Items: make([]T, 0, min(len(rows), req.Size))}
	for i, r := range rows {
		if i == req.Size {
			p.Next = key(rows[i-1]).Encode()
			break
		}
		p.Items = append(p.Items, conv(r))
	}
	return p
}
