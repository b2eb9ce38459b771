// Package store contains the bun repositories. Every method takes the
// bun.IDB to run against so the caller decides whether it runs inside a unit
// of work (bun.Tx) or directly on the pool (*bun.DB).
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"
)

// ErrNotFound is returned when a lookup matches no row.
var ErrNotFound = errors.New("store: not found")

// Repos bundles every repository so it can be provided as one dependency.
type Repos struct {
	Applications  *ApplicationRepo
	Sponsors      *SponsorRepo
	Members       *MemberRepo
	Accounts      *AccountRepo
	Idempotency   *IdempotencyRepo
	Berths        *BerthRepo
	Waitlist      *WaitlistRepo
	Fuel          *FuelRepo
	Guests        *GuestRepo
	Notifications *NotificationRepo
	Regattas      *RegattaRepo
	Dues          *DuesRepo
	Statements    *StatementRepo
	Events        *EventRepo
}

// NewRepos builds the repository set.
func NewRepos() *Repos {
	return &Repos{
		Applications:  &ApplicationRepo{},
		Sponsors:      &SponsorRepo{},
		Members:       &MemberRepo{},
		Accounts:      &AccountRepo{},
		Idempotency:   &IdempotencyRepo{},
		Berths:        &BerthRepo{},
		Waitlist:      &WaitlistRepo{},
		Fuel:          &FuelRepo{},
		Guests:        &GuestRepo{},
		Notifications: &NotificationRepo{},
		Regattas:      &RegattaRepo{},
		Dues:          &DuesRepo{},
		Statements:    &StatementRepo{},
		Events:        &EventRepo{},
	}
}

func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, ErrNotFound)
	}
	return err
}

func affected(res sql.Result) (int64, error) {
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("rows affected: %w", err)
	}
	return n, nil
}

// selectOne is a small generic helper for "load by primary key" lookups.
func selectOne[T any](ctx context.Context, db bun.IDB, what string, where string, args ...any) (*T, error) {
	v := new(T)
	if err := db.NewSelect().Model(v).Where(where, args...).Limit(1).Scan(ctx); err != nil {
		return nil, notFound(err, what)
	}
	return v, nil
}
