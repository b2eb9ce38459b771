// Package service pays orders. Its file has the name of the store's,
// and more lines: a position in the store's file is not one here.
package service

import (
	"context"

	"example.com/wiredsame/store"
)

// Recorder records entries.
type Recorder interface {
	Record(ctx context.Context, id string) error
}

// Service debits through the store's accounts, which it calls
// directly, and records through an interface.
type Service struct {
	Accounts *store.Accounts
	Journal  Recorder
}

// Pay debits and records, each committing on its own.
func (s *Service) Pay(ctx context.Context, id string) error {
	if err := s.Accounts.Debit(ctx, id); err != nil {
		return err
	}
	return s.Journal.Record(ctx, id)
}

//
//
//
//
//
//
//
