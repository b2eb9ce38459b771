// Package fraud places and releases fraud holds on cards and runs the
// velocity rules on large approved authorizations.
package fraud

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/jobs/jobargs"
	"github.com/ridgeline-fleet/fuelcards/internal/platform/pg"
	"github.com/ridgeline-fleet/fuelcards/internal/providers/cardnetwork"
	"github.com/ridgeline-fleet/fuelcards/internal/providers/sms"
)

// Repo is the persistence the fraud service needs.
type Repo interface {
	CardByID(ctx context.Context, id uuid.UUID) (domain.Card, error)
	DriverByID(ctx context.Context, id uuid.UUID) (domain.Driver, error)
	SetCardStatus(ctx context.Context, id uuid.UUID, status domain.CardStatus) error
	InsertActiveHold(ctx context.Context, h domain.FraudHold) (domain.FraudHold, bool, error)
	HoldByID(ctx context.Context, id uuid.UUID) (domain.FraudHold, error)
	ReleaseHold(ctx context.Context, id uuid.UUID, by string) (bool, error)
	AuthorizationByID(ctx context.Context, networkAuthID string) (domain.Authorization, error)
	CardVelocity(ctx context.Context, cardID uuid.UUID, since time.Time) (domain.Velocity, error)
	InsertFraudFlag(ctx context.Context, f domain.FraudFlag) error
	InsertAlert(ctx context.Context, a domain.SMSAlert) (int64, error)
}

// Network is the card-network surface used for holds.
type Network interface {
	SuspendCard(ctx context.Context, cardID, reason string, opts ...cardnetwork.CallOption) error
	ResumeCard(ctx context.Context, cardID string, opts ...cardnetwork.CallOption) error
}

// Texter sends SMS messages directly.
type Texter interface {
	Send(ctx context.Context, msg sms.Message) (sms.Sent, error)
}

// PlaceHold suspends a card pending fraud review.
type PlaceHold struct {
	CardID   uuid.UUID `json:"card_id"`
	Reason   string    `json:"reason"`
	PlacedBy string    `json:"-"`
}

// Validate implements pipeline.Validator.
func (p PlaceHold) Validate() error {
	if p.CardID == uuid.Nil {
		return domain.Invalid("card_id", "is required")
	}
	if p.Reason == "" {
		return domain.Invalid("reason", "is required")
	}
	return nil
}

// ReleaseHold lifts a hold after review.
type ReleaseHold struct {
	HoldID     uuid.UUID
	ReleasedBy string
}

// Service implements holds and velocity checks.
type Service struct {
	uow     pg.UnitOfWork[Repo]
	network Network
	texter  Texter
	jobs    jobargs.Enqueuer
	log     *slog.Logger
	now     func() time.Time
}

// New builds a Service.
func New(uow pg.UnitOfWork[Repo], network Network, texter Texter, jobs jobargs.Enqueuer, log *slog.Logger) *Service {
	return &Service{uow: uow, network: network, texter: texter, jobs: jobs, log: log, now: time.Now}
}

// PlaceHold records the hold, suspends the card at the network and texts
// the driver so they know why the pump declined.
func (s *Service) PlaceHold(ctx context.Context, cmd PlaceHold) (domain.FraudHold, error) {
	card, err := s.uow.Q().CardByID(ctx, cmd.CardID)
	if err != nil {
		return domain.FraudHold{}, err
	}
	if card.Status == domain.CardClosed || card.Status == domain.CardReplaced {
		return domain.FraudHold{}, domain.ErrCardNotUsable
	}

	var hold domain.FraudHold
	err = s.uow.InTx(ctx, func(q Repo, _ pgx.Tx) error {
		h, created, err := q.InsertActiveHold(ctx, domain.FraudHold{
			ID:       uuid.New(),
			CardID:   card.ID,
			Reason:   cmd.Reason,
			PlacedBy: cmd.PlacedBy,
		})
		if err != nil {
			return err
		}
		hold = h
		if !created {
			return nil
		}
		return q.SetCardStatus(ctx, card.ID, domain.CardSuspended)
	})
	if err != nil {
		return domain.FraudHold{}, err
	}

	if err := s.network.SuspendCard(ctx, card.NetworkCardID, "fraud_review",
		cardnetwork.WithIdempotencyKey("hold:"+hold.ID.String())); err != nil {
		return domain.FraudHold{}, fmt.Errorf("network suspend: %w", err)
	}

	driver, err := s.uow.Q().DriverByID(ctx, card.DriverID)
	if err != nil {
		return domain.FraudHold{}, err
	}
	if _, err := s.texter.Send(ctx, sms.Message{
		To:   driver.PhoneE164,
		Body: fmt.Sprintf("Your fuel card ending %s has been paused for a security review. Call your fleet manager.", card.Last4),
	}); err != nil {
		return domain.FraudHold{}, fmt.Errorf("notify driver: %w", err)
	}
	return hold, nil
}

// ReleaseHold lifts the hold and reactivates the card.
func (s *Service) ReleaseHold(ctx context.Context, cmd ReleaseHold) (domain.FraudHold, error) {
	q := s.uow.Q()
	hold, err := q.HoldByID(ctx, cmd.HoldID)
	if err != nil {
		return domain.FraudHold{}, err
	}
	card, err := q.CardByID(ctx, hold.CardID)
	if err != nil {
		return domain.FraudHold{}, err
	}

	released, err := q.ReleaseHold(ctx, hold.ID, cmd.ReleasedBy)
	if err != nil {
		return domain.FraudHold{}, err
	}
	if !released {
		return domain.FraudHold{}, domain.ErrHoldNotActive
	}

	if err := s.network.ResumeCard(ctx, card.NetworkCardID,
		cardnetwork.WithIdempotencyKey("release:"+hold.ID.String())); err != nil {
		return domain.FraudHold{}, fmt.Errorf("network resume: %w", err)
	}
	if err := q.SetCardStatus(ctx, card.ID, domain.CardActive); err != nil {
		return domain.FraudHold{}, err
	}

	now := s.now()
	hold.ReleasedAt, hold.ReleasedBy = &now, &cmd.ReleasedBy
	return hold, nil
}
