package reserves

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/harborline/claims/internal/events"
	"github.com/harborline/claims/internal/platform/logx"
	"github.com/harborline/claims/internal/providers/financefeed"
)

// releaseNamespace derives stable ids for reserve releases on close.
var releaseNamespace = uuid.MustParse("5b0d7f0e-2b0c-4d35-9d0f-3f1f0c7a9e11")

// Service implements reserve use cases.
type Service struct {
	tx      TxManager
	repo    Repository
	outbox  Outbox
	finance FinanceFeed
	now     func() time.Time
}

// NewService builds a Service.
func NewService(tx TxManager, repo Repository, outbox Outbox, finance FinanceFeed) *Service {
	return &Service{tx: tx, repo: repo, outbox: outbox, finance: finance, now: time.Now}
}

// ChangeCmd is an adjuster-initiated reserve change.
type ChangeCmd struct {
	ClaimID    uuid.UUID
	Category   string
	DeltaCents int64
	Reason     string
	ChangedBy  string
}

// Change applies an adjuster's reserve change.
func (s *Service) Change(ctx context.Context, cmd ChangeCmd) (Change, error) {
	snap, err := s.repo.Claim(ctx, cmd.ClaimID)
	if err != nil {
		return Change{}, err
	}
	if snap.Status == "closed" {
		return Change{}, ErrClaimClosed
	}
	if snap.ReserveTotalCents+cmd.DeltaCents < 0 {
		return Change{}, ErrNegativeResult
	}
	ch := Change{
		ID:         uuid.New(),
		ClaimID:    cmd.ClaimID,
		Category:   cmd.Category,
		DeltaCents: cmd.DeltaCents,
		Reason:     cmd.Reason,
		ChangedBy:  cmd.ChangedBy,
		CreatedAt:  s.now(),
	}
	if err := s.repo.InsertChange(ctx, ch); err != nil {
		return Change{}, err
	}
	if err := s.repo.AdjustClaimTotal(ctx, ch.ClaimID, ch.DeltaCents); err != nil {
		return Change{}, err
	}
	if err := s.outbox.Add(ctx, events.TopicReserveChanged, toEvent(ch)); err != nil {
		return Change{}, err
	}
	return ch, nil
}

// Release books a negative change that brings the reserve to zero when a
// claim is closed. The change id is derived from the claim, so a second
// release for the same claim is a no-op.
func (s *Service) Release(ctx context.Context, claimID uuid.UUID, amountCents int64, reason string) error {
	ch := Change{
		ID:         uuid.NewSHA1(releaseNamespace, []byte("close:"+claimID.String())),
		ClaimID:    claimID,
		Category:   "indemnity",
		DeltaCents: -amountCents,
		Reason:     reason,
		ChangedBy:  "system",
		CreatedAt:  s.now(),
	}
	return s.tx.Do(ctx, func(ctx context.Context) error {
		inserted, err := s.repo.InsertChangeIfAbsent(ctx, ch)
		if err != nil || !inserted {
			return err
		}
		if err := s.repo.AdjustClaimTotal(ctx, claimID, ch.DeltaCents); err != nil {
			return err
		}
		return s.outbox.Add(ctx, events.TopicReserveChanged, toEvent(ch))
	})
}

// Reinstate books a positive change on reopen. Callers run it inside their
// own unit of work, after locking the claim.
func (s *Service) Reinstate(ctx context.Context, claimID uuid.UUID, amountCents int64, by string) error {
	ch := Change{
		ID:         uuid.New(),
		ClaimID:    claimID,
		Category:   "indemnity",
		DeltaCents: amountCents,
		Reason:     "claim reopened",
		ChangedBy:  by,
		CreatedAt:  s.now(),
	}
	return s.tx.Do(ctx, func(ctx context.Context) error {
		if err := s.repo.InsertChange(ctx, ch); err != nil {
			return err
		}
		if err := s.repo.AdjustClaimTotal(ctx, claimID, amountCents); err != nil {
			return err
		}
		return s.outbox.Add(ctx, events.TopicReserveChanged, toEvent(ch))
	})
}

// Recalculate rebuilds the claim's reserve total from its change rows.
func (s *Service) Recalculate(ctx context.Context, claimID uuid.UUID) error {
	return s.tx.Do(ctx, func(ctx context.Context) error {
		snap, err := s.repo.LockClaim(ctx, claimID)
		if err != nil {
			return err
		}
		sum, err := s.repo.SumChanges(ctx, claimID)
		if err != nil {
			return err
		}
		if sum == snap.ReserveTotalCents {
			return nil
		}
		logx.From(ctx).Warn("reserve total drifted", "claim_id", claimID, "stored", snap.ReserveTotalCents, "computed", sum)
		return s.repo.SetClaimTotal(ctx, claimID, sum)
	})
}

// ExportChange forwards a reserve.changed event to the finance FIFO queue.
func (s *Service) ExportChange(ctx context.Context, evt events.ReserveChanged) error {
	entry := financefeed.Entry{
		Kind:        "reserve",
		ClaimID:     evt.ClaimID.String(),
		Category:    evt.Category,
		AmountCents: evt.DeltaCents,
		Reference:   evt.ChangeID.String(),
		OccurredAt:  evt.ChangedAt.UTC().Format(time.RFC3339),
	}
	return s.finance.Send(ctx, entry,
		financefeed.WithGroupID(evt.ClaimID.String()),
		financefeed.WithDedupID(xid.New().String()),
		financefeed.WithAttribute("kind", "reserve"),
	)
}

func toEvent(ch Change) events.ReserveChanged {
	return events.ReserveChanged{
		ChangeID:   ch.ID,
		ClaimID:    ch.ClaimID,
		Category:   ch.Category,
		DeltaCents: ch.DeltaCents,
		ChangedAt:  ch.CreatedAt,
	}
}
