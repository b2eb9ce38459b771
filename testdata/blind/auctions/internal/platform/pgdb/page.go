package pgdb

import (
	"encoding/base64"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Page is one page of a keyset-paginated listing.
type Page[T any] struct {
	Items      []T    `json:"items"`
	NextCursor string `json:"next_cursor,omitempty"`
}

// Cursor is the keyset position used by listings ordered by (created_at, id).
type Cursor struct {
	CreatedAt time.Time
	ID        string
}

// Encode renders the cursor as an opaque token.
func (c Cursor) Encode() string {
	raw := c.CreatedAt.UTC().Format(time.RFC3339Nano) + "|" + c.ID
	return base64.RawURLEncoding.EncodeToString([]byte(raw))
}

// DecodeCursor parses a token produced by Encode. An empty token yields the
// zero cursor, meaning "start from the newest row".
func DecodeCursor(token string) (Cursor, error) {
	if token == "" {
		return Cursor{}, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil {
		return Cursor{}, fmt.Errorf("cursor: %w", err)
	}
	ts, id, ok := strings.Cut(string(raw), "|")
	if !ok {
		return Cursor{}, fmt.Errorf("cursor: malformed")
	}
	t, err := time.Parse(time.RFC3339Nano, ts)
	if err != nil {
		return Cursor{}, fmt.Errorf("cursor: %w", err)
	}
	return Cursor{CreatedAt: t, ID: id}, nil
}

// CollectPage scans up to limit+1 rows; the extra row only signals that a
// further page exists and becomes the next cursor.
func CollectPage[T any](rows pgx.Rows, limit int, scan func(pgx.CollectableRow) (T, error), key func(T) Cursor) (Page[T], error) {
	items, err := pgx.CollectRows(rows, scan)
	if err != nil {
		return Page[T]{}, err
	}
	page := Page[T]{Items: items}
	if len(items) > limit {
		page.Items = items[:limit]
		page.NextCursor = key(items[limit-1]).Encode()
	}
	return page, nil
}
