package service

import (
	"context"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/gearloop/rentals/internal/domain"
	"github.com/gearloop/rentals/internal/events"
	"github.com/gearloop/rentals/internal/ids"
	"github.com/gearloop/rentals/internal/store"
)

// FileClaimInput is an owner's damage claim.
type FileClaimInput struct {
	BookingID   string `json:"booking_id"`
	AmountCents int64  `json:"amount_cents"`
	Description string `json:"description"`
}

// ResolveClaimInput is a reviewer's decision.
type ResolveClaimInput struct {
	AwardedCents int64  `json:"awarded_cents"`
	Note         string `json:"note"`
}

// Claims handles damage claims.
type Claims interface {
	File(ctx context.Context, ownerID string, in FileClaimInput) (domain.Claim, error)
	Resolve(ctx context.Context, reviewerID, claimID string, in ResolveClaimInput) (domain.Claim, error)
	AssignReview(ctx context.Context, reviewID, claimID string) error
}

// ReviewerPool hands out trust & safety reviewers.
type ReviewerPool interface {
	Next() string
}

type roundRobin struct {
	reviewers []string
	n         atomic.Uint64
}

// NewReviewerPool returns a round-robin pool over the on-duty reviewers.
func NewReviewerPool() ReviewerPool {
	return &roundRobin{reviewers: []string{"ts-queue-eu-1", "ts-queue-eu-2", "ts-queue-eu-3"}}
}

func (r *roundRobin) Next() string {
	i := r.n.Add(1)
	return r.reviewers[int(i%uint64(len(r.reviewers)))]
}

type claimService struct {
	uow       store.UnitOfWork
	repos     store.Repos
	events    events.Publisher
	reviewers ReviewerPool
	clock     Clock
	log       *slog.Logger
}

// NewClaims builds the claims service.
func NewClaims(uow store.UnitOfWork, repos store.Repos, pub events.Publisher, pool ReviewerPool,
	clock Clock, log *slog.Logger) Claims {
	return &claimService{uow: uow, repos: repos, events: pub, reviewers: pool, clock: clock, log: log}
}

// File opens the booking's claim. A booking has at most one claim; filing
// again returns the existing one.
func (s *claimService) File(ctx context.Context, ownerID string, in FileClaimInput) (domain.Claim, error) {
	b, err := s.repos.Bookings.Get(ctx, in.BookingID)
	if err != nil {
		return domain.Claim{}, err
	}
	if b.OwnerID != ownerID {
		return domain.Claim{}, domain.ErrForbidden
	}
	if b.Status != domain.BookingConfirmed && b.Status != domain.BookingCompleted {
		return domain.Claim{}, fmt.Errorf("%w: booking is %s", domain.ErrInvalidState, b.Status)
	}
	if in.AmountCents <= 0 || in.AmountCents > b.DepositCents {
		return domain.Claim{}, fmt.Errorf("%w: claim must be between 1 and the deposit", domain.ErrInvalidState)
	}

	var claim domain.Claim
	err = s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		var err error
		claim, _, err = r.Claims.InsertIfAbsent(ctx, domain.Claim{
			ID:          ids.NewUUID(),
			BookingID:   b.ID,
			FiledBy:     ownerID,
			AmountCents: in.AmountCents,
			Description: in.Description,
			Status:      domain.ClaimOpen,
			CreatedAt:   s.clock.Now(),
		})
		return err
	})
	if err != nil {
		return domain.Claim{}, err
	}
	ev := domain.NewEvent(domain.EventClaimFiled, claim.ID, map[string]string{
		"claim_id": claim.ID, "booking_id": b.ID,
	})
	if err := s.events.Publish(ctx, ev); err != nil {
		return domain.Claim{}, err
	}
	return claim, nil
}

// Resolve records a reviewer's award: the ledger lines moving the award
// from the renter to the owner, then the claim's final status.
func (s *claimService) Resolve(ctx context.Context, reviewerID, claimID string, in ResolveClaimInput) (domain.Claim, error) {
	c, err := s.repos.Claims.Get(ctx, claimID)
	if err != nil {
		return domain.Claim{}, err
	}
	if c.Status == domain.ClaimResolved || c.Status == domain.ClaimRejected {
		return domain.Claim{}, fmt.Errorf("%w: claim already %s", domain.ErrInvalidState, c.Status)
	}
	if in.AwardedCents < 0 || in.AwardedCents > c.AmountCents {
		return domain.Claim{}, fmt.Errorf("%w: award exceeds claim", domain.ErrInvalidState)
	}
	b, err := s.repos.Bookings.Get(ctx, c.BookingID)
	if err != nil {
		return domain.Claim{}, err
	}

	now := s.clock.Now()
	if in.AwardedCents > 0 {
		for _, e := range awardEntries(b, c, in.AwardedCents, now) {
			if err := s.repos.Ledger.Append(ctx, e); err != nil {
				return domain.Claim{}, err
			}
		}
	}

	err = s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		ok, err := r.Claims.Resolve(ctx, c.ID, in.AwardedCents, in.Note)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%w: claim changed concurrently", domain.ErrConflict)
		}
		return nil
	})
	if err != nil {
		return domain.Claim{}, err
	}
	s.log.InfoContext(ctx, "claim resolved", "claim_id", c.ID, "reviewer", reviewerID, "awarded", in.AwardedCents)
	return s.repos.Claims.Get(ctx, c.ID)
}

func awardEntries(b domain.Booking, c domain.Claim, amount int64, now time.Time) []domain.LedgerEntry {
	return []domain.LedgerEntry{
		{
			ID: ids.NewUUID(), BookingID: b.ID, Account: "renter:" + b.RenterID, Kind: "claim_award",
			AmountCents: -amount, Currency: b.Currency, Reference: c.ID, CreatedAt: now,
		},
		{
			ID: ids.NewUUID(), BookingID: b.ID, Account: "owner:" + b.OwnerID, Kind: "claim_award",
			AmountCents: amount, Currency: b.Currency, Reference: c.ID, CreatedAt: now,
		},
	}
}

// AssignReview puts the claim in a reviewer's queue. reviewID identifies
// this assignment; the task runner passes its own task ID.
func (s *claimService) AssignReview(ctx context.Context, reviewID, claimID string) error {
	c, err := s.repos.Claims.Get(ctx, claimID)
	if err != nil {
		return err
	}
	if c.Status != domain.ClaimOpen && c.Status != domain.ClaimUnderReview {
		return nil
	}
	now := s.clock.Now()
	return s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		created, err := r.Claims.AssignReview(ctx, domain.ClaimReview{
			ID:         reviewID,
			ClaimID:    c.ID,
			ReviewerID: s.reviewers.Next(),
			DueAt:      now.Add(48 * time.Hour),
			CreatedAt:  now,
		})
		if err == nil && !created {
			s.log.InfoContext(ctx, "review already assigned", "review_id", reviewID)
		}
		return err
	})
}
