// Package pagination has the keyset cursor helpers shared by list RPCs.
package pagination

import (
	"encoding/base64"
	"errors"
	"strings"
)

// Page is one page of a keyset listing.
type Page[T any] struct {
	Items      []T    `json:"items"`
	NextCursor string `json:"next_cursor,omitempty"`
}

// Paginate trims a result fetched with limit+1 rows down to limit and, when
// there was an extra row, derives the cursor from the last kept item.
func Paginate[T any](rows []T, limit int, cursor func(T) []string) Page[T] {
	if limit <= 0 || len(rows) <= limit {
		return Page[T]{Items: rows}
	}
	kept := rows[:limit]
	return Page[T]{Items: kept, NextCursor: EncodeCursor(cursor(kept[len(kept)-1])...)}
}

// Map converts the items of a page, keeping the cursor.
func Map[T, U any](p Page[T], f func(T) U) Page[U] {
	out := Page[U]{Items: make([]U, 0, len(p.Items)), NextCursor: p.NextCursor}
	for _, it := range p.Items {
		out.Items = append(out.Items, f(it))
	}
	return out
}

// ClampLimit bounds a client-supplied page size.
func ClampLimit(n, def, max int32) int32 {
	switch {
	case n <= 0:
		return def
	case n > max:
		return max
	default:
		return n
	}
}

const sep = "\x1f"

func EncodeCursor(parts ...string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strings.Join(parts, sep)))
}

var ErrBadCursor = errors.New("pagination: malformed cursor")

func DecodeCursor(s string, want int) ([]string, error) {
	if s == "" {
		return nil, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, ErrBadCursor
	}
	parts := strings.Split(string(raw), sep)
	if len(parts) != want {
		return nil, ErrBadCursor
	}
	return parts, nil
}

// Must panics on err. For wiring-time values only.
func Must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
