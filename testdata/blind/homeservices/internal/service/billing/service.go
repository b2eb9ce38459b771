// Package billing captures and releases deposits, refunds, pays technicians
// and invoices customers.
package billing

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/wire"

	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/ids"
	"github.com/tradeloop/homeservices/internal/platform/queue"
	"github.com/tradeloop/homeservices/internal/provider/stripepay"
	"github.com/tradeloop/homeservices/internal/store"
)

// ProviderSet provides the billing services.
var ProviderSet = wire.NewSet(NewService, NewPayouts, NewInvoices, NewStripeEvents)

// ErrNotReady is returned when a task arrives before its preconditions hold.
var ErrNotReady = errors.New("billing: not ready")

// Service handles deposits and refunds.
type Service struct {
	uow     store.UnitOfWork
	repos   *store.Repos
	gateway stripepay.Gateway
	queue   queue.Enqueuer
	keys    ids.KeySource
	now     func() time.Time
}

// NewService builds a Service.
func NewService(uow store.UnitOfWork, repos *store.Repos, gateway stripepay.Gateway, q queue.Enqueuer, keys ids.KeySource) *Service {
	return &Service{uow: uow, repos: repos, gateway: gateway, queue: q, keys: keys, now: time.Now}
}

// CaptureDeposit captures an authorised deposit hold.
func (s *Service) CaptureDeposit(ctx context.Context, holdID string) error {
	h, err := s.repos.Holds.Get(ctx, holdID)
	if err != nil {
		return err
	}
	switch h.Status {
	case domain.HoldCaptured:
		return nil
	case domain.HoldAuthorized:
	case domain.HoldPending:
		return fmt.Errorf("%w: hold %s not authorised yet", ErrNotReady, h.ID)
	default:
		return domain.Conflictf("hold %s is %s", h.ID, h.Status)
	}
	if _, err := s.gateway.Capture(ctx, stripepay.CaptureRequest{
		PaymentIntentID: *h.PaymentIntentID,
		AmountCents:     h.AmountCents,
		IdempotencyKey:  "capture_" + h.ID,
	}); err != nil {
		return err
	}
	return s.repos.Holds.MarkCaptured(ctx, h.ID, h.AmountCents)
}

// ReleaseExpiredHolds cancels authorisations that are about to lapse for
// jobs that never completed.
func (s *Service) ReleaseExpiredHolds(ctx context.Context) (int, error) {
	holds, err := s.repos.Holds.ListExpired(ctx, s.now(), 100)
	if err != nil {
		return 0, err
	}
	released := 0
	for _, h := range holds {
		if h.PaymentIntentID == nil {
			continue
		}
		err := s.gateway.CancelHold(ctx, stripepay.CancelRequest{
			PaymentIntentID: *h.PaymentIntentID,
			Reason:          "abandoned",
			IdempotencyKey:  "release_" + h.ID,
		})
		if err != nil {
			slog.WarnContext(ctx, "release hold failed", "hold", h.ID, "err", err)
			continue
		}
		if ok, err := s.repos.Holds.SetStatus(ctx, h.ID, []string{domain.HoldAuthorized}, domain.HoldReleased); err != nil {
			return released, err
		} else if ok {
			released++
		}
	}
	return released, nil
}

// RefundInput is a support agent's refund request.
type RefundInput struct {
	JobID          string `json:"job_id"`
	AmountCents    int64  `json:"amount_cents"`
	Reason         string `json:"reason"`
	RequestedBy    string `json:"requested_by"`
	IdempotencyKey string `json:"-"`
}

func (in RefundInput) hash() string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%s|%d|%s", in.JobID, in.AmountCents, in.Reason)))
	return hex.EncodeToString(sum[:])
}

const refundScope = "refunds"

// RequestRefund records a refund under the caller's idempotency key and
// queues its execution.
func (s *Service) RequestRefund(ctx context.Context, in RefundInput) (*domain.Refund, error) {
	if in.IdempotencyKey == "" {
		return nil, domain.Invalidf("Idempotency-Key header is required")
	}
	if in.AmountCents <= 0 {
		return nil, domain.Invalidf("amount must be positive")
	}
	var refund *domain.Refund
	now := s.now()
	err := s.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
		claimed, err := tx.Idempotency.Claim(ctx, refundScope, in.IdempotencyKey, in.hash())
		if err != nil {
			return err
		}
		if !claimed {
			rec, err := tx.Idempotency.Get(ctx, refundScope, in.IdempotencyKey)
			if err != nil {
				return err
			}
			if rec.RequestHash != in.hash() {
				return domain.Conflictf("idempotency key reused with a different request")
			}
			if rec.ResourceID == nil {
				return domain.Conflictf("refund request still in progress")
			}
			refund, err = tx.Refunds.Get(ctx, *rec.ResourceID)
			return err
		}
		hold, err := tx.Holds.ByJob(ctx, in.JobID)
		if err != nil {
			return err
		}
		if hold.Status != domain.HoldCaptured {
			return domain.Conflictf("deposit for job %s is %s", in.JobID, hold.Status)
		}
		if in.AmountCents > hold.Refundable() {
			return domain.Invalidf("at most %d cents can be refunded", hold.Refundable())
		}
		refund = &domain.Refund{
			ID:          ids.Prefixed("rf"),
			HoldID:      hold.ID,
			AmountCents: in.AmountCents,
			Reason:      in.Reason,
			RequestedBy: in.RequestedBy,
			Status:      domain.RefundPending,
			CreatedAt:   now,
			UpdatedAt:   now,
		}
		if err := tx.Refunds.Insert(ctx, refund); err != nil {
			return err
		}
		return tx.Idempotency.Complete(ctx, refundScope, in.IdempotencyKey, refund.ID, 202, nil)
	})
	if err != nil {
		return nil, err
	}

	task, err := queue.NewTask(queue.TypeRefund, queue.Refund{RefundID: refund.ID})
	if err != nil {
		return nil, err
	}
	if err := s.queue.Enqueue(ctx, task, queue.WithDedupKey("refund:"+refund.ID), queue.WithQueue(queue.QueueCritical)); err != nil {
		return nil, err
	}
	return refund, nil
}

// ExecuteRefund sends a pending refund to Stripe and books it.
func (s *Service) ExecuteRefund(ctx context.Context, refundID string) error {
	r, err := s.repos.Refunds.Get(ctx, refundID)
	if err != nil {
		return err
	}
	if r.Status != domain.RefundPending {
		return nil
	}
	hold, err := s.repos.Holds.Get(ctx, r.HoldID)
	if err != nil {
		return err
	}
	if hold.PaymentIntentID == nil {
		return domain.Conflictf("hold %s has no payment intent", hold.ID)
	}

	res, err := s.gateway.Refund(ctx, stripepay.RefundRequest{
		PaymentIntentID: *hold.PaymentIntentID,
		AmountCents:     r.AmountCents,
		Reason:          stripeRefundReason(r.Reason),
		Metadata:        map[string]string{"refund_id": r.ID, "job_id": hold.JobID},
		IdempotencyKey:  s.keys.Next("refund"),
	})
	if err != nil {
		return fmt.Errorf("billing: refund %s: %w", r.ID, err)
	}

	jobID := hold.JobID
	return s.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
		if err := tx.Refunds.MarkSucceeded(ctx, r.ID, res.ID); err != nil {
			return err
		}
		if err := tx.Holds.AddRefunded(ctx, hold.ID, r.AmountCents); err != nil {
			return err
		}
		return tx.Ledger.Append(ctx, domain.LedgerEntry{
			ID:          ids.Sortable(),
			Account:     domain.AccountPlatformRevenue,
			JobID:       &jobID,
			Kind:        "refund",
			AmountCents: -r.AmountCents,
			Currency:    hold.Currency,
			Reference:   res.ID,
			CreatedAt:   s.now(),
		})
	})
}

func stripeRefundReason(reason string) string {
	switch reason {
	case "duplicate", "fraudulent":
		return reason
	default:
		return "requested_by_customer"
	}
}
