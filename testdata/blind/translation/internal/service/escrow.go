package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/polyglotdesk/marketplace/internal/domain"
	"github.com/polyglotdesk/marketplace/internal/platform"
	"github.com/polyglotdesk/marketplace/internal/providers/escrowpay"
	"github.com/polyglotdesk/marketplace/internal/store"
	"github.com/polyglotdesk/marketplace/internal/tasks"
)

// EscrowService moves client money through the life of a job.
type EscrowService interface {
	Approve(ctx context.Context, clientID uuid.UUID, jobID string) error
	Cancel(ctx context.Context, clientID uuid.UUID, jobID, reason string) (*domain.Refund, error)
	Tip(ctx context.Context, clientID uuid.UUID, jobID string, amount int64) (*domain.Tip, error)
}

// CancellationPolicy returns the share of the escrow refunded when a job is
// cancelled, in basis points.
type CancellationPolicy func(job *domain.Job, hasDeliverable bool) int

// DefaultCancellationPolicy refunds in full before work starts and half once
// a translator has been assigned.
func DefaultCancellationPolicy(job *domain.Job, hasDeliverable bool) int {
	switch {
	case hasDeliverable:
		return 0
	case job.TranslatorID != nil:
		return 5000
	default:
		return 10000
	}
}

type escrowService struct {
	db           *gorm.DB
	jobs         *store.Jobs
	payments     *store.Payments
	deliverables *store.Deliverables
	accounts     *store.Accounts
	psp          escrowpay.Client
	q            tasks.Enqueuer
	policy       CancellationPolicy
	opID         func() string
	maxTipCents  int64
}

// EscrowOption configures the escrow service.
type EscrowOption func(*escrowService)

// WithCancellationPolicy overrides the refund policy.
func WithCancellationPolicy(p CancellationPolicy) EscrowOption {
	return func(s *escrowService) { s.policy = p }
}

// WithMaxTip caps tips.
func WithMaxTip(cents int64) EscrowOption {
	return func(s *escrowService) { s.maxTipCents = cents }
}

// NewEscrowService builds the escrow service.
func NewEscrowService(db *gorm.DB, jobs *store.Jobs, payments *store.Payments, deliverables *store.Deliverables,
	accounts *store.Accounts, psp escrowpay.Client, q tasks.Enqueuer, opts ...EscrowOption) EscrowService {
	s := &escrowService{
		db: db, jobs: jobs, payments: payments, deliverables: deliverables, accounts: accounts,
		psp: psp, q: q,
		policy:      DefaultCancellationPolicy,
		opID:        platform.NewOperationID,
		maxTipCents: 50000,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

func (s *escrowService) Approve(ctx context.Context, clientID uuid.UUID, jobID string) error {
	job, err := s.jobs.Get(ctx, jobID)
	if err != nil {
		return err
	}
	if job.ClientID != clientID {
		return platform.ErrNotFound
	}
	latest, err := s.deliverables.Latest(ctx, job.ID)
	if err != nil {
		return fmt.Errorf("no deliverable: %w", platform.ErrConflict)
	}
	if latest.ScanStatus != domain.ScanClean {
		return fmt.Errorf("deliverable not cleared: %w", platform.ErrConflict)
	}
	payment, err := s.payments.ActiveForJob(ctx, job.ID)
	if err != nil {
		return err
	}

	now := time.Now().UTC()
	n, err := s.jobs.Transition(ctx, job.ID, []string{domain.JobInReview}, domain.JobApproved,
		map[string]any{"approved_at": now})
	if err != nil {
		return err
	}
	if n == 0 && job.Status != domain.JobApproved {
		return fmt.Errorf("job is %s: %w", job.Status, platform.ErrConflict)
	}

	if payment.Status == domain.PaymentAuthorized {
		_, err := s.psp.Capture(ctx, payment.ProviderIntentID, payment.AmountCents,
			escrowpay.WithIdempotencyKey(platform.StableOperationID("escrow-capture", payment.ID.String())))
		if err != nil {
			return err
		}
		if _, err := s.payments.Update(ctx, map[string]any{
			"status": domain.PaymentCaptured, "captured_at": now, "updated_at": now,
		}, "id = ? AND status = ?", payment.ID, domain.PaymentAuthorized); err != nil {
			return err
		}
	}

	if _, err := s.q.Enqueue(ctx, tasks.TypeSettlementCredit, tasks.SettlementCredit{JobID: job.ID},
		tasks.Keyed("settle", job.ID)); err != nil {
		return err
	}
	_, err = s.q.Enqueue(ctx, tasks.TypeInvoiceGenerate, tasks.InvoiceGenerate{JobID: job.ID},
		tasks.Keyed("invoice", job.ID))
	return err
}

func (s *escrowService) Cancel(ctx context.Context, clientID uuid.UUID, jobID, reason string) (*domain.Refund, error) {
	job, err := s.jobs.Get(ctx, jobID)
	if err != nil {
		return nil, err
	}
	if job.ClientID != clientID {
		return nil, platform.ErrNotFound
	}
	switch job.Status {
	case domain.JobOpen, domain.JobAssigned, domain.JobCancelled:
	default:
		return nil, fmt.Errorf("job is %s: %w", job.Status, platform.ErrConflict)
	}
	payment, err := s.payments.ActiveForJob(ctx, job.ID)
	if err != nil && !errors.Is(err, platform.ErrNotFound) {
		return nil, err
	}
	_, derr := s.deliverables.Latest(ctx, job.ID)
	hasDeliverable := derr == nil

	now := time.Now().UTC()
	err = platform.InTx(ctx, s.db, func(ctx context.Context) error {
		if _, err := s.jobs.Transition(ctx, job.ID,
			[]string{domain.JobOpen, domain.JobAssigned}, domain.JobCancelled,
			map[string]any{"cancelled_at": now}); err != nil {
			return err
		}
		if payment == nil {
			return nil
		}
		bps := s.policy(job, hasDeliverable)
		if bps == 0 {
			return nil
		}
		refund := domain.Refund{
			ID:          platform.NewUUID(),
			PaymentID:   payment.ID,
			JobID:       job.ID,
			AmountCents: payment.AmountCents * int64(bps) / 10000,
			Reason:      reason,
			Status:      "pending",
			CreatedAt:   now,
			UpdatedAt:   now,
		}
		_, err := s.payments.Refunds.CreateIgnore(ctx, &refund, "payment_id")
		return err
	})
	if err != nil || payment == nil {
		return nil, err
	}

	refund, err := s.payments.Refunds.FindOne(ctx, "payment_id = ?", payment.ID)
	if errors.Is(err, platform.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if refund.Status != "pending" {
		return refund, nil
	}
	res, err := s.psp.Refund(ctx, escrowpay.RefundRequest{
		Intent: payment.ProviderIntentID,
		Amount: refund.AmountCents,
		Reason: "requested_by_customer",
	})
	if err != nil {
		return nil, err
	}
	err = platform.InTx(ctx, s.db, func(ctx context.Context) error {
		if _, err := s.payments.Refunds.Update(ctx, map[string]any{
			"status": "succeeded", "provider_refund_id": res.ID, "updated_at": time.Now().UTC(),
		}, "id = ?", refund.ID); err != nil {
			return err
		}
		_, err := s.payments.Update(ctx, map[string]any{"status": domain.PaymentRefunded, "updated_at": time.Now().UTC()},
			"id = ?", payment.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	refund.Status = "succeeded"
	refund.ProviderRefundID = res.ID
	return refund, nil
}

func (s *escrowService) Tip(ctx context.Context, clientID uuid.UUID, jobID string, amount int64) (*domain.Tip, error) {
	if amount <= 0 || amount > s.maxTipCents {
		return nil, fmt.Errorf("tip amount: %w", platform.ErrInvalid)
	}
	job, err := s.jobs.Get(ctx, jobID)
	if err != nil {
		return nil, err
	}
	if job.ClientID != clientID || job.TranslatorID == nil {
		return nil, platform.ErrNotFound
	}
	if job.Status != domain.JobApproved {
		return nil, fmt.Errorf("tips open after approval: %w", platform.ErrConflict)
	}
	if existing, err := s.payments.Tips.FindOne(ctx, "job_id = ?", job.ID); err == nil {
		return existing, nil
	}
	client, err := s.accounts.Client(ctx, clientID)
	if err != nil {
		return nil, err
	}
	charge, err := s.psp.Charge(ctx, escrowpay.ChargeRequest{
		Amount:        amount,
		Currency:      job.Currency,
		Customer:      client.ID.String(),
		PaymentMethod: client.PaymentMethodRef,
		Description:   "Tip for " + job.Title,
		Metadata:      map[string]string{"job_id": job.ID, "kind": "tip"},
	}, escrowpay.WithIdempotencyKey(s.opID()))
	if err != nil {
		return nil, err
	}
	tip := domain.Tip{
		ID:               "tip_" + platform.NewID(),
		JobID:            job.ID,
		ClientID:         clientID,
		TranslatorID:     *job.TranslatorID,
		AmountCents:      amount,
		Currency:         job.Currency,
		ProviderChargeID: charge.ID,
		CreatedAt:        time.Now().UTC(),
	}
	if _, err := s.payments.Tips.CreateIgnore(ctx, &tip, "job_id"); err != nil {
		return nil, err
	}
	return &tip, nil
}
