// Package foster manages foster placements and the carers' running
// balances.
package foster

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/brindlewood-labs/shelternet/internal/domain"
	"github.com/brindlewood-labs/shelternet/internal/events"
	"github.com/brindlewood-labs/shelternet/internal/platform/ids"
	"github.com/brindlewood-labs/shelternet/internal/store"
)

const consumerPlacementAllowance = "foster.placement-allowance"

// closingAllowanceCents is paid to the carer when a placement ends, to
// cover cleaning and returning the shelter's crate and bedding.
const closingAllowanceCents = 2500

type UnitOfWork interface {
	Do(ctx context.Context, fn func(context.Context, *store.Repos) error) error
}

// Inbox tracks processed bus messages.
type Inbox interface {
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	MarkProcessed(ctx context.Context, consumer, messageID string) error
}

type CarerReader interface {
	GetCarer(ctx context.Context, id string) (domain.FosterCarer, error)
}

type Service struct {
	uow    UnitOfWork
	inbox  Inbox
	carers CarerReader

	now   func() time.Time
	newID func() string
}

func NewService(uow UnitOfWork, inbox Inbox, carers CarerReader) *Service {
	return &Service{
		uow:    uow,
		inbox:  inbox,
		carers: carers,
		now:    func() time.Time { return time.Now().UTC() },
		newID:  ids.Default,
	}
}

// EndPlacement closes a placement and returns the animal to the adoptable
// pool. Ending an already-ended placement is a no-op.
func (s *Service) EndPlacement(ctx context.Context, placementID, reason string) error {
	at := s.now()
	return s.uow.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		ended, err := r.Fosters.EndPlacement(ctx, placementID, reason, at)
		if err != nil || !ended {
			return err
		}
		p, err := r.Fosters.GetPlacement(ctx, placementID)
		if err != nil {
			return err
		}
		if err := r.Animals.Transition(ctx, p.AnimalID, domain.AnimalInFoster, domain.AnimalAvailable, at); err != nil &&
			!errors.Is(err, domain.ErrInvalidState) {
			return err
		}
		return r.Outbox.Enqueue(ctx, events.TopicPlacementEnded, events.PlacementEnded{
			PlacementID: p.ID,
			FosterID:    p.FosterID,
			AnimalID:    p.AnimalID,
			Reason:      reason,
			EndedAt:     at,
		})
	})
}

type AdjustmentInput struct {
	FosterID    string
	AmountCents int64
	Reason      string
	CreatedBy   string
}

// AddAdjustment books a one-off credit or deduction against a carer, e.g. a
// vet bill they paid out of pocket.
func (s *Service) AddAdjustment(ctx context.Context, in AdjustmentInput) (domain.FosterAdjustment, error) {
	if in.AmountCents == 0 || in.Reason == "" {
		return domain.FosterAdjustment{}, fmt.Errorf("amount and reason are required: %w", domain.ErrInvalidState)
	}
	if _, err := s.carers.GetCarer(ctx, in.FosterID); err != nil {
		return domain.FosterAdjustment{}, err
	}
	adj := domain.FosterAdjustment{
		ID:          s.newID(),
		FosterID:    in.FosterID,
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		CreatedBy:   in.CreatedBy,
		CreatedAt:   s.now(),
	}
	err := s.uow.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		if err := r.Fosters.InsertAdjustment(ctx, adj); err != nil {
			return err
		}
		return r.Fosters.AddBalance(ctx, adj.FosterID, adj.AmountCents)
	})
	return adj, err
}

// OnPlacementEnded credits the closing allowance to the carer's balance; it
// is paid out with the next monthly stipend.
func (s *Service) OnPlacementEnded(ctx context.Context, messageID string, e events.PlacementEnded) error {
	seen, err := s.inbox.Seen(ctx, consumerPlacementAllowance, messageID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	if e.Reason == "returned_unwell" {
		// No allowance: the shelter's vet team collects the animal.
		return s.inbox.MarkProcessed(ctx, consumerPlacementAllowance, messageID)
	}

	err = s.uow.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		if err := r.Fosters.AddBalance(ctx, e.FosterID, closingAllowanceCents); err != nil {
			return err
		}
		return r.Ledger.Append(ctx, domain.LedgerEntry{
			ID:          s.newID(),
			FosterID:    e.FosterID,
			EntryType:   "closing_allowance",
			AmountCents: closingAllowanceCents,
			CreatedAt:   s.now(),
		})
	})
	if err != nil {
		return fmt.Errorf("credit allowance: %w", err)
	}
	return s.inbox.MarkProcessed(ctx, consumerPlacementAllowance, messageID)
}
