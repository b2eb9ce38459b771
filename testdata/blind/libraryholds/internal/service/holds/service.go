// Package holds places, cancels and readies holds on physical titles.
package holds

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/shelfwise-labs/branchline/internal/domain"
	"github.com/shelfwise-labs/branchline/internal/platform/clock"
	"github.com/shelfwise-labs/branchline/internal/platform/ids"
	"github.com/shelfwise-labs/branchline/internal/store"
)

// Service implements the hold workflow. Clocks and id generators are
// fields so tests can pin them.
type Service struct {
	Tx      store.TxRunner
	Holds   store.HoldRepository
	Patrons store.PatronRepository
	Log     *slog.Logger

	NewID ids.Generator
	Now   clock.Func

	MaxHolds     int
	PickupWindow time.Duration
}

// PlaceInput is a patron's request for a title.
type PlaceInput struct {
	PatronID       string
	TitleID        string
	PickupBranchID string
}

// Place puts the patron in the queue for the title.
func (s *Service) Place(ctx context.Context, in PlaceInput) (domain.Hold, error) {
	if in.TitleID == "" || in.PickupBranchID == "" {
		return domain.Hold{}, fmt.Errorf("%w: title_id and pickup_branch_id are required", domain.ErrValidation)
	}
	if _, err := s.Patrons.Get(ctx, in.PatronID); err != nil {
		return domain.Hold{}, err
	}
	active, err := s.Holds.CountActive(ctx, in.PatronID)
	if err != nil {
		return domain.Hold{}, fmt.Errorf("count holds: %w", err)
	}
	if active >= s.MaxHolds {
		return domain.Hold{}, domain.ErrHoldLimit
	}

	h := domain.Hold{
		ID:             s.NewID(),
		PatronID:       in.PatronID,
		TitleID:        in.TitleID,
		PickupBranchID: in.PickupBranchID,
		Status:         domain.HoldWaiting,
		PlacedAt:       s.Now(),
	}
	if err := s.Holds.Insert(ctx, h); err != nil {
		return domain.Hold{}, err
	}
	s.Log.InfoContext(ctx, "hold placed", "hold_id", h.ID, "patron_id", h.PatronID, "title_id", h.TitleID)
	return h, nil
}

// Get returns a hold that belongs to the patron.
func (s *Service) Get(ctx context.Context, patronID, holdID string) (domain.Hold, error) {
	h, err := s.Holds.Get(ctx, holdID)
	if err != nil {
		return h, err
	}
	if h.PatronID != patronID {
		return domain.Hold{}, domain.ErrNotFound
	}
	return h, nil
}

// Cancel withdraws a hold. Cancelling an already-cancelled hold succeeds.
func (s *Service) Cancel(ctx context.Context, patronID, holdID string) error {
	h, err := s.Get(ctx, patronID, holdID)
	if err != nil {
		return err
	}
	if h.Status == domain.HoldCancelled {
		return nil
	}
	moved, err := s.Holds.Cancel(ctx, holdID, s.Now())
	if err != nil {
		return err
	}
	if !moved {
		return fmt.Errorf("hold %s is %s: %w", holdID, h.Status, domain.ErrInvalidState)
	}
	return nil
}

// OnItemArrived runs when a transferred copy is scanned in at the pickup
// branch: the hold goes to the pickup shelf. It returns the hold as it
// stands afterwards; a hold cancelled while the copy was on the van stays
// cancelled and the desk reshelves the copy.
func (s *Service) OnItemArrived(ctx context.Context, m domain.TransferMessage) (domain.Hold, error) {
	now := s.Now()
	var hold domain.Hold
	err := s.Tx.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		hold, err = s.Holds.MarkReady(ctx, tx, m.HoldID, now, now.Add(s.PickupWindow))
		return err
	})
	if errors.Is(err, domain.ErrNotFound) {
		s.Log.WarnContext(ctx, "arrival for unknown hold", "hold_id", m.HoldID)
		return hold, nil
	}
	return hold, err
}
