// Package policies issues policies from quotes, cancels them and delivers
// policy documents to travellers.
package policies

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/rs/xid"
	"github.com/uptrace/bun"

	"github.com/skyguard-travel/policyhub/internal/idempotency"
	"github.com/skyguard-travel/policyhub/internal/models"
	"github.com/skyguard-travel/policyhub/internal/platform/database"
	"github.com/skyguard-travel/policyhub/internal/platform/queue"
	"github.com/skyguard-travel/policyhub/internal/platform/repository"
	"github.com/skyguard-travel/policyhub/internal/tasks"
)

// Errors returned by Service.
var (
	ErrNotFound         = errors.New("policies: not found")
	ErrQuoteNotBindable = errors.New("policies: quote is not bindable")
	ErrNotCancellable   = errors.New("policies: policy cannot be cancelled")
	ErrKeyRequired      = errors.New("policies: Idempotency-Key header is required")
)

const bindScope = "policies.bind"

// BindInput is a partner's request to issue a policy from a quote.
type BindInput struct {
	QuoteID            uuid.UUID
	PartnerBookingRef  string
	PaymentMethodToken string
	PayoutIBAN         string
	PayoutHolder       string
	IdempotencyKey     string
	RequestHash        string
}

// BindResult is the issued policy and whether it was issued by an earlier
// request with the same key.
type BindResult struct {
	Policy   *models.Policy
	Replayed bool
}

// Service manages the policy lifecycle.
type Service interface {
	Bind(ctx context.Context, partnerID uuid.UUID, in BindInput) (*BindResult, error)
	Cancel(ctx context.Context, partnerID, policyID uuid.UUID, reason string) (*models.Policy, error)
	Get(ctx context.Context, partnerID, policyID uuid.UUID) (*models.Policy, error)
}

type service struct {
	db       *bun.DB
	policies *repository.Repository[models.Policy]
	refunds  *repository.Repository[models.Refund]
	idem     idempotency.Store
	queue    queue.Enqueuer
	log      *slog.Logger
	now      func() time.Time
}

// NewService returns the policy service.
func NewService(db *bun.DB, idem idempotency.Store, q queue.Enqueuer, log *slog.Logger) Service {
	return &service{
		db:       db,
		policies: repository.New[models.Policy](db),
		refunds:  repository.New[models.Refund](db),
		idem:     idem,
		queue:    q,
		log:      log,
		now:      time.Now,
	}
}

func newPolicyNumber() string {
	return "SG-" + strings.ToUpper(xid.New().String())
}

func (s *service) Bind(ctx context.Context, partnerID uuid.UUID, in BindInput) (*BindResult, error) {
	if in.IdempotencyKey == "" {
		return nil, ErrKeyRequired
	}

	var result BindResult
	err := s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		claimed, rec, err := s.idem.Claim(ctx, tx, partnerID, bindScope, in.IdempotencyKey, in.RequestHash)
		if err != nil {
			return err
		}
		if !claimed {
			if rec.ResourceID == nil {
				return fmt.Errorf("bind: key %s has no policy", in.IdempotencyKey)
			}
			pol, err := repository.New[models.Policy](tx).Get(ctx, *rec.ResourceID)
			if err != nil {
				return err
			}
			result = BindResult{Policy: pol, Replayed: true}
			return nil
		}

		quote := new(models.Quote)
		res, err := tx.NewUpdate().Model(quote).
			Set("status = ?", models.QuoteBound).
			Set("updated_at = now()").
			Where("id = ?", in.QuoteID).
			Where("partner_id = ?", partnerID).
			Where("status = ?", models.QuoteQuoted).
			Where("expires_at > now()").
			Returning("*").
			Exec(ctx)
		if err != nil {
			return fmt.Errorf("bind quote: %w", err)
		}
		if database.Affected(res) == 0 {
			return ErrQuoteNotBindable
		}

		now := s.now().UTC()
		pol := &models.Policy{
			ID:                 uuid.New(),
			PolicyNumber:       newPolicyNumber(),
			QuoteID:            quote.ID,
			PartnerID:          partnerID,
			PartnerBookingRef:  in.PartnerBookingRef,
			ProductCode:        quote.ProductCode,
			TravellerName:      quote.TravellerName,
			TravellerEmail:     quote.TravellerEmail,
			TravellerPhone:     quote.TravellerPhone,
			TripStart:          quote.TripStart,
			TripEnd:            quote.TripEnd,
			FlightID:           quote.FlightID,
			DelayCover:         quote.DelayCover,
			PayoutIBAN:         in.PayoutIBAN,
			PayoutHolder:       in.PayoutHolder,
			PremiumMinor:       quote.PremiumMinor,
			Currency:           quote.Currency,
			PaymentMethodToken: in.PaymentMethodToken,
			Status:             models.PolicyPendingPayment,
			CreatedAt:          now,
			UpdatedAt:          now,
		}
		if err := repository.New[models.Policy](tx).Insert(ctx, pol); err != nil {
			return err
		}
		if err := s.idem.Complete(ctx, tx, partnerID, bindScope, in.IdempotencyKey, pol.ID, http.StatusCreated); err != nil {
			return err
		}
		result = BindResult{Policy: pol}
		return nil
	})
	if err != nil {
		return nil, err
	}

	// Enqueued after commit, and again on a replay in case the first enqueue
	// was lost; the task id keeps it to one collection task per policy.
	if result.Policy.Status == models.PolicyPendingPayment {
		if err := s.queue.Enqueue(ctx, tasks.NewPremiumCollect(result.Policy.ID),
			asynq.TaskID("premium-collect:"+result.Policy.ID.String())); err != nil {
			return nil, fmt.Errorf("enqueue premium collection: %w", err)
		}
	}
	return &result, nil
}

func (s *service) Cancel(ctx context.Context, partnerID, policyID uuid.UUID, reason string) (*models.Policy, error) {
	now := s.now().UTC()
	res, err := s.db.NewUpdate().Model((*models.Policy)(nil)).
		Set("status = ?", models.PolicyCancelled).
		Set("cancelled_at = ?", now).
		Set("updated_at = ?", now).
		Where("id = ?", policyID).
		Where("partner_id = ?", partnerID).
		Where("status = ?", models.PolicyActive).
		Exec(ctx)
	if err != nil {
		return nil, fmt.Errorf("cancel policy: %w", err)
	}
	if database.Affected(res) == 0 {
		return nil, ErrNotCancellable
	}

	pol, err := s.policies.Get(ctx, policyID)
	if err != nil {
		return nil, err
	}

	amount := RefundAmount(pol, now)
	if amount == 0 {
		return pol, nil
	}
	refund := &models.Refund{
		ID:          uuid.New(),
		PolicyID:    pol.ID,
		AmountMinor: amount,
		Currency:    pol.Currency,
		Reason:      reason,
		Status:      models.PaymentPending,
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	if err := s.refunds.Insert(ctx, refund); err != nil {
		return nil, err
	}
	if err := s.queue.Enqueue(ctx, tasks.NewPremiumRefund(refund.ID),
		asynq.TaskID("premium-refund:"+refund.ID.String())); err != nil {
		return nil, fmt.Errorf("enqueue refund: %w", err)
	}
	s.log.InfoContext(ctx, "policy cancelled", "policy", pol.PolicyNumber, "refund_minor", amount)
	return pol, nil
}

// RefundAmount is the premium returned on cancellation: everything before
// the trip starts, nothing once it has started, minus a fixed fee.
func RefundAmount(p *models.Policy, at time.Time) int64 {
	const cancellationFeeMinor = 300
	if !at.Before(p.TripStart) {
		return 0
	}
	amount := p.PremiumMinor - cancellationFeeMinor
	if amount < 0 {
		return 0
	}
	return amount
}

func (s *service) Get(ctx context.Context, partnerID, policyID uuid.UUID) (*models.Policy, error) {
	pol, err := s.policies.Get(ctx, policyID)
	if errors.Is(err, repository.ErrNotFound) || (err == nil && pol.PartnerID != partnerID) {
		return nil, ErrNotFound
	}
	return pol, err
}
