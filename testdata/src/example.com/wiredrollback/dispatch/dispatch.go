// Package dispatch changes pickups and tells their drivers.
package dispatch

import (
	"context"
	"database/sql"
	"errors"

	"example.com/wiredrollback/store"
	"github.com/google/uuid"
)

// Pickups reads and changes pickups.
type Pickups interface {
	Get(ctx context.Context, q store.Querier, id string) (store.Pickup, error)
	Cancel(ctx context.Context, q store.Querier, id string) error
	Reopen(ctx context.Context, q store.Querier, id string) error
	Touch(ctx context.Context, q store.Querier, id string) error
	Confirm(ctx context.Context, q store.Querier, id string) error
}

// Notes keeps the notes sent to drivers.
type Notes interface {
	Insert(ctx context.Context, q store.Querier, id, pickupID, body string) error
}

// Statuses of a pickup.
const (
	Scheduled = "scheduled"
	Cancelled = "cancelled"
	Open      = "open"
	Held      = "held"
)

// ErrConflict answers a change the pickup's status does not allow.
var ErrConflict = errors.New("conflict")

// Service changes pickups, each in one transaction.
type Service struct {
	DB      *sql.DB
	Pickups Pickups
	Notes   Notes
}

// Cancel cancels a scheduled pickup and tells its driver; a cancelled
// one is left as it is.
func (s *Service) Cancel(ctx context.Context, id string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	p, err := s.Pickups.Get(ctx, tx, id)
	if err != nil {
		return err
	}
	switch p.Status {
	case Cancelled:
		return tx.Commit()
	case Scheduled:
	default:
		return ErrConflict
	}
	if err := s.Pickups.Cancel(ctx, tx, p.ID); err != nil {
		return err
	}
	if err := s.Notes.Insert(ctx, tx, uuid.NewString(), p.ID, "cancelled"); err != nil {
		return err
	}
	return tx.Commit()
}

// Reopen schedules a pickup again, unless it is open.
func (s *Service) Reopen(ctx context.Context, id string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	p, err := s.Pickups.Get(ctx, tx, id)
	if err != nil {
		return err
	}
	if p.Status == Open {
		return tx.Commit()
	}
	if err := s.Pickups.Reopen(ctx, tx, p.ID); err != nil {
		return err
	}
	if err := s.Notes.Insert(ctx, tx, uuid.NewString(), p.ID, "reopened"); err != nil { // want `a retry inserts a second driver_notes row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.PostReopen\)`
		return err
	}
	return tx.Commit()
}

// Hold tells the driver a pickup is held, unless it is.
func (s *Service) Hold(ctx context.Context, id string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	p, err := s.Pickups.Get(ctx, tx, id)
	if err != nil {
		return err
	}
	if p.Status == Held {
		return tx.Commit()
	}
	if err := s.Pickups.Touch(ctx, tx, p.ID); err != nil {
		return err
	}
	if err := s.Notes.Insert(ctx, tx, uuid.NewString(), p.ID, "held"); err != nil { // want `a retry inserts a second driver_notes row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.PostHold\)`
		return err
	}
	return tx.Commit()
}

// Confirm notes the confirmation under the pickup's ID and confirms a
// scheduled pickup, in one transaction: a retry finds it confirmed.
func (s *Service) Confirm(ctx context.Context, id string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	p, err := s.Pickups.Get(ctx, tx, id)
	if err != nil {
		return err
	}
	if p.Status != Scheduled {
		return ErrConflict
	}
	if err := s.Notes.Insert(ctx, tx, p.ID, p.ID, "confirmed"); err != nil {
		return err
	}
	if err := s.Pickups.Confirm(ctx, tx, p.ID); err != nil {
		return err
	}
	return tx.Commit()
}

// Remind notes a reminder under the pickup's ID, past a test its write
// does not change.
func (s *Service) Remind(ctx context.Context, id string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	p, err := s.Pickups.Get(ctx, tx, id)
	if err != nil {
		return err
	}
	if p.Status != Scheduled {
		return ErrConflict
	}
	if err := s.Notes.Insert(ctx, tx, p.ID, p.ID, "reminder"); err != nil {
		return err
	}
	if err := s.Pickups.Touch(ctx, tx, p.ID); err != nil {
		return err
	}
	return tx.Commit()
}
