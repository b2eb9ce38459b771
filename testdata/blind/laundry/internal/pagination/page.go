// Package pagination implements keyset-free offset pagination over gorm
// queries, with an opaque cursor for the mobile app.
package pagination

import (
	"context"
	"encoding/base64"
	"errors"
	"strconv"

	"gorm.io/gorm"
)

const (
	DefaultLimit = 20
	MaxLimit     = 100
)

type Params struct {
	Limit  int
	Cursor string
	Order  string
}

type Page[T any] struct {
	Items      []T    `json:"items"`
	NextCursor string `json:"next_cursor,omitempty"`
	Total      int64  `json:"total"`
}

var ErrBadCursor = errors.New("pagination: bad cursor")

func encodeCursor(offset int) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.Itoa(offset)))
}

func decodeCursor(c string) (int, error) {
	if c == "" {
		return 0, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return 0, ErrBadCursor
	}
	n, err := strconv.Atoi(string(raw))
	if err != nil || n < 0 {
		return 0, ErrBadCursor
	}
	return n, nil
}

// List runs q with the page window applied and returns the rows as T.
func List[T any](ctx context.Context, q *gorm.DB, p Params) (Page[T], error) {
	var page Page[T]
	limit := p.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	if limit > MaxLimit {
		limit = MaxLimit
	}
	offset, err := decodeCursor(p.Cursor)
	if err != nil {
		return page, err
	}
	if err := q.WithContext(ctx).Session(&gorm.Session{}).Count(&page.Total).Error; err != nil {
		return page, err
	}
	if p.Order != "" {
		q = q.Order(p.Order)
	}
	var items []T
	if err := q.WithContext(ctx).Offset(offset).Limit(limit).Find(&items).Error; err != nil {
		return page, err
	}
	page.Items = items
	if int64(offset+len(items)) < page.Total {
		page.NextCursor = encodeCursor(offset + len(items))
	}
	return page, nil
}

// Map converts a page of one type into a page of another, keeping the
// cursor and total.
func Map[T, U any](p Page[T], f func(T) U) Page[U] {
	out := Page[U]{NextCursor: p.NextCursor, Total: p.Total, Items: make([]U, 0, len(p.Items))}
	for _, it := range p.Items {
		out.Items = append(out.Items, f(it))
	}
	return out
}
