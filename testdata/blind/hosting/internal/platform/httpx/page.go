package httpx

import (
	"encoding/base64"
	"net/http"
	"strconv"
)

// Page is the envelope for every list endpoint.
type Page[T any] struct {
	Items      []T    `json:"items"`
	NextCursor string `json:"next_cursor,omitempty"`
	HasMore    bool   `json:"has_more"`
}

// PageParams are the pagination inputs parsed from a request.
type PageParams struct {
	Limit  int
	Cursor string
}

// ParsePage reads ?limit= and ?cursor= with sane bounds.
func ParsePage(r *http.Request) PageParams {
	p := PageParams{Limit: 50}
	if v, err := strconv.Atoi(r.URL.Query().Get("limit")); err == nil && v > 0 && v <= 200 {
		p.Limit = v
	}
	if c := r.URL.Query().Get("cursor"); c != "" {
		if raw, err := base64.RawURLEncoding.DecodeString(c); err == nil {
			p.Cursor = string(raw)
		}
	}
	return p
}

// NewPage builds a page from up to limit+1 rows; the extra row only signals
// that another page exists. cursorOf extracts the keyset value of a row.
func NewPage[T any](rows []T, limit int, cursorOf func(T) string) Page[T] {
	page := Page[T]{Items: rows}
	if len(rows) > limit {
		page.Items = rows[:limit]
		page.HasMore = true
		page.NextCursor = base64.RawURLEncoding.EncodeToString([]byte(cursorOf(rows[limit-1])))
	}
	if page.Items == nil {
		page.Items = []T{}
	}
	return page
}

// MapPage converts the items of a page, keeping its cursor.
func MapPage[T, U any](p Page[T], fn func(T) U) Page[U] {
	out := Page[U]{NextCursor: p.NextCursor, HasMore: p.HasMore, Items: make([]U, 0, len(p.Items))}
	for _, it := range p.Items {
		out.Items = append(out.Items, fn(it))
	}
	return out
}
