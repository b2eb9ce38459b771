// Package claims handles traveller claims: submission by partners on the
// traveller's behalf, supporting documents, adjuster decisions, payouts and
// the notifications that go with them.
package claims

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/rs/xid"
	"github.com/uptrace/bun"

	"github.com/skyguard-travel/policyhub/internal/models"
	"github.com/skyguard-travel/policyhub/internal/platform/database"
	"github.com/skyguard-travel/policyhub/internal/platform/queue"
	"github.com/skyguard-travel/policyhub/internal/platform/repository"
	"github.com/skyguard-travel/policyhub/internal/tasks"
)

// Errors returned by the claims service.
var (
	ErrNotFound        = errors.New("claims: not found")
	ErrPolicyNotActive = errors.New("claims: policy is not active")
	ErrOutsideCover    = errors.New("claims: incident outside the period of cover")
	ErrAlreadyDecided  = errors.New("claims: claim already decided")
)

// SubmitInput is a new claim.
type SubmitInput struct {
	PolicyID     uuid.UUID
	Type         string
	IncidentDate time.Time
	Description  string
	AmountMinor  int64
	Currency     string
	PayeeIBAN    string
	PayeeName    string
}

// Decision is an adjuster's decision on a claim.
type Decision struct {
	Approve     bool
	AmountMinor int64
	Note        string
	Adjuster    string
}

// Service is the claims API used by the HTTP handlers.
type Service interface {
	Submit(ctx context.Context, partnerID uuid.UUID, in SubmitInput) (*models.Claim, error)
	Decide(ctx context.Context, claimID uuid.UUID, d Decision) (*models.Claim, error)
	Get(ctx context.Context, partnerID, claimID uuid.UUID) (*models.Claim, error)
}

type service struct {
	db       *bun.DB
	claims   *repository.Repository[models.Claim]
	policies *repository.Repository[models.Policy]
	queue    queue.Enqueuer
	log      *slog.Logger
	now      func() time.Time
}

// NewService returns the claims service.
func NewService(db *bun.DB, q queue.Enqueuer, log *slog.Logger) Service {
	return &service{
		db:       db,
		claims:   repository.New[models.Claim](db),
		policies: repository.New[models.Policy](db),
		queue:    q,
		log:      log,
		now:      time.Now,
	}
}

func newClaimNumber() string {
	return "CL-" + strings.ToUpper(xid.New().String())
}

func (s *service) Submit(ctx context.Context, partnerID uuid.UUID, in SubmitInput) (*models.Claim, error) {
	pol, err := s.policies.Get(ctx, in.PolicyID)
	if errors.Is(err, repository.ErrNotFound) || (err == nil && pol.PartnerID != partnerID) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if pol.Status != models.PolicyActive && pol.Status != models.PolicyExpired {
		return nil, ErrPolicyNotActive
	}
	if in.IncidentDate.Before(pol.TripStart) || in.IncidentDate.After(pol.TripEnd) {
		return nil, ErrOutsideCover
	}
	if in.Currency == "" {
		in.Currency = pol.Currency
	}

	now := s.now().UTC()
	claim := &models.Claim{
		ID:                 uuid.New(),
		ClaimNumber:        newClaimNumber(),
		PolicyID:           pol.ID,
		Type:               in.Type,
		IncidentDate:       in.IncidentDate,
		Description:        in.Description,
		AmountClaimedMinor: in.AmountMinor,
		Currency:           in.Currency,
		PayeeIBAN:          in.PayeeIBAN,
		PayeeName:          in.PayeeName,
		Status:             models.ClaimSubmitted,
		CreatedAt:          now,
		UpdatedAt:          now,
	}
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.claims.WithTx(tx).Insert(ctx, claim); err != nil {
			return err
		}
		return recordStatus(ctx, tx, claim.ID, models.ClaimSubmitted, "partner:"+partnerID.String(), "")
	})
	if err != nil {
		return nil, err
	}

	if err := s.queue.Enqueue(ctx, tasks.NewClaimAcknowledge(claim.ID),
		asynq.TaskID("claim-ack:"+claim.ID.String())); err != nil {
		s.log.ErrorContext(ctx, "enqueue claim acknowledgement", "claim", claim.ClaimNumber, "err", err)
	}
	return claim, nil
}

func recordStatus(ctx context.Context, tx bun.Tx, claimID uuid.UUID, status models.ClaimStatus, actor, note string) error {
	_, err := tx.NewInsert().Model(&models.ClaimStatusChange{
		ID:        uuid.New(),
		ClaimID:   claimID,
		Status:    status,
		Actor:     actor,
		Note:      note,
		ChangedAt: time.Now().UTC(),
	}).Exec(ctx)
	return err
}

func (s *service) Decide(ctx context.Context, claimID uuid.UUID, d Decision) (*models.Claim, error) {
	target := models.ClaimRejected
	if d.Approve {
		target = models.ClaimApproved
	}
	now := s.now().UTC()

	var (
		claim  models.Claim
		payout *models.Payout
	)
	err := s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model(&claim).
			Set("status = ?", target).
			Set("approved_amount_minor = ?", d.AmountMinor).
			Set("decision_note = ?", d.Note).
			Set("decided_by = ?", d.Adjuster).
			Set("decided_at = ?", now).
			Set("updated_at = ?", now).
			Where("id = ?", claimID).
			Where("status = ?", models.ClaimSubmitted).
			Returning("*").
			Exec(ctx)
		if err != nil {
			return fmt.Errorf("decide claim: %w", err)
		}
		if database.Affected(res) == 0 {
			// Either the claim does not exist or it was decided already. A
			// repeat of the same decision is answered with the current state.
			current, err := repository.New[models.Claim](tx).Get(ctx, claimID)
			if errors.Is(err, repository.ErrNotFound) {
				return ErrNotFound
			}
			if err != nil {
				return err
			}
			if current.Status != target && !(target == models.ClaimApproved && current.Status == models.ClaimPaid) {
				return ErrAlreadyDecided
			}
			claim = *current
			if d.Approve {
				payout, err = repository.New[models.Payout](tx).Find(ctx, func(q *bun.SelectQuery) *bun.SelectQuery {
					return q.Where("claim_id = ?", claimID)
				})
				if err != nil {
					return fmt.Errorf("payout for decided claim: %w", err)
				}
			}
			return nil
		}

		if err := recordStatus(ctx, tx, claim.ID, target, "adjuster:"+d.Adjuster, d.Note); err != nil {
			return err
		}
		if !d.Approve {
			return nil
		}

		payout = &models.Payout{
			ID:           uuid.New(),
			ClaimID:      &claim.ID,
			AmountMinor:  d.AmountMinor,
			Currency:     claim.Currency,
			CreditorIBAN: claim.PayeeIBAN,
			CreditorName: claim.PayeeName,
			Status:       models.PayoutPending,
			CreatedAt:    now,
			UpdatedAt:    now,
		}
		res, err = tx.NewInsert().Model(payout).
			On("CONFLICT (claim_id) WHERE claim_id IS NOT NULL DO NOTHING").
			Exec(ctx)
		if err != nil {
			return fmt.Errorf("create payout: %w", err)
		}
		if database.Affected(res) == 0 {
			payout, err = repository.New[models.Payout](tx).Find(ctx, func(q *bun.SelectQuery) *bun.SelectQuery {
				return q.Where("claim_id = ?", claim.ID)
			})
			if err != nil {
				return fmt.Errorf("existing payout: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	if payout != nil && payout.Status == models.PayoutPending {
		if err := s.queue.Enqueue(ctx, tasks.NewClaimPayout(payout.ID),
			asynq.TaskID("claim-payout:"+payout.ID.String())); err != nil {
			return nil, fmt.Errorf("enqueue payout: %w", err)
		}
	}
	if err := s.queue.Enqueue(ctx, tasks.NewPartnerClaimStatus(claim.ID, string(target), now),
		asynq.TaskID("claim-status:"+claim.ID.String()+":"+string(target))); err != nil {
		s.log.WarnContext(ctx, "enqueue partner claim status", "claim", claim.ClaimNumber, "err", err)
	}
	return &claim, nil
}

func (s *service) Get(ctx context.Context, partnerID, claimID uuid.UUID) (*models.Claim, error) {
	claim, err := s.claims.Get(ctx, claimID)
	if errors.Is(err, repository.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	pol, err := s.policies.Get(ctx, claim.PolicyID)
	if err != nil {
		return nil, err
	}
	if pol.PartnerID != partnerID {
		return nil, ErrNotFound
	}
	return claim, nil
}
