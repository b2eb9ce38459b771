package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/segmentio/ksuid"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
	"github.com/haulright/movers/internal/jobs"
	"github.com/haulright/movers/internal/platform/ids"
	"github.com/haulright/movers/internal/platform/retryx"
	"github.com/haulright/movers/internal/provider/payments"
	"github.com/haulright/movers/internal/repository"
)

type FileClaimInput struct {
	BookingID       uuid.UUID
	Source          string
	ItemDescription string
	AmountCents     int64
}

type ApproveClaimInput struct {
	AmountCents int64
	Adjuster    string
	Destination string
}

type ClaimService interface {
	File(ctx context.Context, in FileClaimInput) (*domain.Claim, error)
	Approve(ctx context.Context, claimID string, in ApproveClaimInput) (*domain.Claim, error)
	Payout(ctx context.Context, p jobs.ClaimPayoutPayload) error
	List(ctx context.Context, bookingID uuid.UUID, p repository.Page) (repository.PageResult[domain.Claim], error)
}

type claimService struct {
	db        *gorm.DB
	claims    repository.ClaimRepository
	bookings  repository.BookingRepository
	customers repository.CustomerRepository
	notes     repository.NotificationRepository
	gateway   payments.Client
	jobs      jobs.Enqueuer
	log       *slog.Logger
}

func NewClaimService(
	db *gorm.DB,
	claims repository.ClaimRepository,
	bookings repository.BookingRepository,
	customers repository.CustomerRepository,
	notes repository.NotificationRepository,
	gateway payments.Client,
	q jobs.Enqueuer,
	log *slog.Logger,
) ClaimService {
	return &claimService{db: db, claims: claims, bookings: bookings, customers: customers,
		notes: notes, gateway: gateway, jobs: q, log: log}
}

func (s *claimService) File(ctx context.Context, in FileClaimInput) (*domain.Claim, error) {
	if in.ItemDescription == "" || in.AmountCents <= 0 {
		return nil, invalid("item description and amount are required")
	}
	b, err := s.bookings.Get(ctx, in.BookingID)
	if err != nil {
		return nil, notFound(err, "booking")
	}
	cust, err := s.customers.Get(ctx, b.CustomerID)
	if err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	claim := &domain.Claim{
		ID:                 "clm_" + ksuid.New().String(),
		BookingID:          b.ID,
		Source:             in.Source,
		ItemDescription:    in.ItemDescription,
		AmountClaimedCents: in.AmountCents,
		Status:             domain.ClaimOpen,
		CreatedAt:          now,
		UpdatedAt:          now,
	}
	var staged []*domain.Notification
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.claims.WithTx(tx).Create(ctx, claim); err != nil {
			return err
		}
		subject, body := claimFiledEmail(cust, claim)
		staged, err = stage(ctx, s.notes.WithTx(tx), outboxMessage{
			BookingID: &b.ID, Channel: domain.ChannelEmail, Template: "claim_filed",
			To: cust.Email, Subject: subject, Body: body, Key: claim.ID,
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	dispatch(ctx, s.jobs, s.log, staged)
	return claim, nil
}

// Approve sets the approved amount and queues the payout. Adjusters may
// approve a paid claim again to issue a supplemental payout.
func (s *claimService) Approve(ctx context.Context, claimID string, in ApproveClaimInput) (*domain.Claim, error) {
	if in.AmountCents <= 0 || in.Adjuster == "" || in.Destination == "" {
		return nil, invalid("amount, adjuster and payout destination are required")
	}
	var claim *domain.Claim
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		c, err := s.claims.WithTx(tx).GetForUpdate(ctx, claimID)
		if err != nil {
			return notFound(err, "claim")
		}
		if c.Status == domain.ClaimDenied {
			return ErrClaimClosed
		}
		if in.AmountCents > c.AmountClaimedCents {
			return invalid("approved amount exceeds the claimed amount")
		}
		if err := s.claims.WithTx(tx).Approve(ctx, c.ID, in.AmountCents, in.Adjuster); err != nil {
			return err
		}
		c.Status, c.AmountApprovedCents, c.Adjuster = domain.ClaimApproved, &in.AmountCents, &in.Adjuster
		claim = c
		return nil
	})
	if err != nil {
		return nil, err
	}

	taskID := ids.New("payout")
	err = s.jobs.Enqueue(ctx, jobs.TypeClaimPayout, jobs.ClaimPayoutPayload{
		ClaimID:     claim.ID,
		AmountCents: in.AmountCents,
		Destination: in.Destination,
	}, asynq.TaskID(taskID), asynq.Queue(jobs.QueuePayments), asynq.MaxRetry(10))
	if err != nil {
		return nil, fmt.Errorf("queue payout: %w", err)
	}
	s.log.Info("claim payout queued", "claim", claim.ID, "task", taskID, "adjuster", in.Adjuster)
	return claim, nil
}

// Payout runs inside the claim:payout task and pays the approved amount to
// the claimant's destination account.
func (s *claimService) Payout(ctx context.Context, p jobs.ClaimPayoutPayload) error {
	taskID, ok := asynq.GetTaskID(ctx)
	if !ok {
		return fmt.Errorf("claim payout outside a task: %w", asynq.SkipRetry)
	}
	if _, err := s.claims.PayoutByTask(ctx, taskID); err == nil {
		return nil
	} else if !errors.Is(err, repository.ErrNotFound) {
		return err
	}
	claim, err := s.claims.Get(ctx, p.ClaimID)
	if err != nil {
		return notFound(err, "claim")
	}
	if claim.Status == domain.ClaimDenied {
		s.log.Warn("skipping payout for denied claim", "claim", claim.ID)
		return nil
	}

	po, err := retryx.Do(ctx, func(ctx context.Context) (*payments.Payout, error) {
		return s.gateway.Payout(ctx, payments.PayoutRequest{
			AmountCents: p.AmountCents,
			Currency:    "usd",
			Destination: p.Destination,
			Description: "Damage claim " + claim.ID,
			Metadata:    map[string]string{"claim_id": claim.ID},
		}, payments.WithIdempotencyKey(taskID))
	})
	if err != nil {
		return fmt.Errorf("claim payout: %w", err)
	}

	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := s.claims.WithTx(tx).RecordPayout(ctx, &domain.ClaimPayout{
			ID:               uuid.New(),
			ClaimID:          claim.ID,
			TaskID:           taskID,
			AmountCents:      p.AmountCents,
			ProviderPayoutID: &po.ID,
			CreatedAt:        time.Now().UTC(),
		}); err != nil {
			return err
		}
		return s.claims.WithTx(tx).SetStatus(ctx, claim.ID, domain.ClaimPaid)
	})
}

func (s *claimService) List(ctx context.Context, bookingID uuid.UUID, p repository.Page) (repository.PageResult[domain.Claim], error) {
	return s.claims.ListForBooking(ctx, bookingID, p)
}
