// Package xbunstore is a generic store over bun, which its callers
// instantiate for their models.
package xbunstore

import (
	"context"
	"fmt"
	"strings"

	"github.com/uptrace/bun"
)

// Store writes models of type T.
type Store[T any] struct{ DB *bun.DB }

// Insert writes m.
func (s *Store[T]) Insert(ctx context.Context, m *T) error {
	_, err := s.DB.NewInsert().Model(m).Exec(ctx)
	return err
}

// InsertIgnore writes m unless a row holds the same target columns: the
// clause is built at run time.
func (s *Store[T]) InsertIgnore(ctx context.Context, m *T, target ...string) error {
	_, err := s.DB.NewInsert().Model(m).On(fmt.Sprintf("CONFLICT (%s) DO NOTHING", strings.Join(target, ", "))).Exec(ctx)
	return err
}
