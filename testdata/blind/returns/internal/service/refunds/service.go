// Package refunds moves money back to customers: Stripe refunds to the
// original payment method and store credit on the customer's Stripe balance.
package refunds

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/northwind-retail/rma/internal/domain"
	"github.com/northwind-retail/rma/internal/jobs"
	"github.com/northwind-retail/rma/internal/platform/ids"
	"github.com/northwind-retail/rma/internal/platform/tx"
	"github.com/northwind-retail/rma/internal/provider/payments"
	"github.com/northwind-retail/rma/internal/repo"
	"github.com/northwind-retail/rma/internal/service/webhooks"
)

// Gateway is the payment provider.
type Gateway interface {
	Refund(ctx context.Context, r payments.RefundRequest) (payments.RefundResult, error)
	Credit(ctx context.Context, r payments.CreditRequest) (payments.CreditResult, error)
}

type Publisher interface {
	PublishTx(ctx context.Context, t pgx.Tx, ev webhooks.Event) error
}

type Service struct {
	pool     *pgxpool.Pool
	returns  repo.Returns
	refunds  repo.Refunds
	credits  repo.StoreCredits
	idem     repo.Idempotency
	events   repo.StripeEvents
	gateway  Gateway
	jobs     jobs.Enqueuer
	publish  Publisher
	log      *slog.Logger
	opKey    func(scope, id string) string
	maxRetry uint64
}

type Deps struct {
	Pool    *pgxpool.Pool
	Returns repo.Returns
	Refunds repo.Refunds
	Credits repo.StoreCredits
	Idem    repo.Idempotency
	Events  repo.StripeEvents
	Gateway Gateway
	Jobs    jobs.Enqueuer
	Publish Publisher
	Log     *slog.Logger
}

type Option func(*Service)

// WithOperationKeys overrides how provider operation keys are built.
func WithOperationKeys(f func(scope, id string) string) Option {
	return func(s *Service) { s.opKey = f }
}

func New(d Deps, opts ...Option) *Service {
	s := &Service{
		pool: d.Pool, returns: d.Returns, refunds: d.Refunds, credits: d.Credits, idem: d.Idem,
		events: d.Events, gateway: d.Gateway, jobs: d.Jobs, publish: d.Publish, log: d.Log,
		opKey:    operationKey,
		maxRetry: 3,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// operationKey builds a provider operation key. Stripe rejects a reused key
// whose parameters differ (for example after an agent edits the amount), so
// every operation gets its own suffix.
func operationKey(scope, id string) string {
	return scope + ":" + id + ":" + ids.NewULID()
}

func (s *Service) retryPolicy(ctx context.Context) backoff.BackOffContext {
	b := backoff.NewExponentialBackOff()
	b.InitialInterval = 300 * time.Millisecond
	b.MaxElapsedTime = 20 * time.Second
	return backoff.WithContext(backoff.WithMaxRetries(b, s.maxRetry), ctx)
}

func permanentIfFinal(err error) error {
	if payments.IsPermanent(err) {
		return backoff.Permanent(err)
	}
	return err
}

// Issue submits a stored refund to Stripe. The refund row was committed when
// the refund was requested; its id is the Stripe idempotency key.
func (s *Service) Issue(ctx context.Context, refundID string) error {
	ref, err := s.refunds.Get(ctx, s.pool, refundID)
	if err != nil {
		return err
	}
	if ref.Status == domain.RefundSucceeded || ref.Status == domain.RefundFailed || ref.StripeRefundID != "" {
		return nil
	}
	ret, err := s.returns.Get(ctx, s.pool, ref.ReturnID)
	if err != nil {
		return err
	}

	traceID := ids.NewULID()
	attempt := 0
	res, err := backoff.RetryWithData(func() (payments.RefundResult, error) {
		attempt++
		s.log.DebugContext(ctx, "submitting refund", "refund_id", ref.ID, "trace_id", traceID, "attempt", attempt)
		r, err := s.gateway.Refund(ctx, payments.RefundRequest{
			PaymentIntentID: ret.PaymentIntentID,
			AmountCents:     ref.AmountCents,
			Reason:          "requested_by_customer",
			IdempotencyKey:  ref.ID,
			Metadata:        map[string]string{"refund_id": ref.ID, "return_id": ret.ID},
		})
		return r, permanentIfFinal(err)
	}, s.retryPolicy(ctx))
	if err != nil {
		if payments.IsPermanent(err) {
			return s.refunds.MarkFailed(ctx, s.pool, ref.ID, err.Error())
		}
		return err
	}

	return tx.Exec(ctx, s.pool, func(t pgx.Tx) error {
		status := domain.RefundSubmitted
		if res.Status == "succeeded" {
			status = domain.RefundSucceeded
		}
		if err := s.refunds.MarkSubmitted(ctx, t, ref.ID, res.ID, status); err != nil {
			return err
		}
		if status == domain.RefundSucceeded && ref.Reason == domain.RefundReasonInspection {
			if _, err := s.returns.Transition(ctx, t, ret.ID, []domain.ReturnStatus{domain.StatusInspected}, domain.StatusRefunded); err != nil {
				return err
			}
			return s.jobs.EnqueueTx(ctx, t, jobs.RefundNoticeArgs{RefundID: ref.ID})
		}
		return nil
	})
}

// GrantStoreCredit credits the inspected value of a return to the
// customer's Stripe balance.
func (s *Service) GrantStoreCredit(ctx context.Context, returnID string) error {
	ret, err := s.returns.Get(ctx, s.pool, returnID)
	if err != nil {
		return err
	}
	if ret.Status == domain.StatusCredited {
		return nil
	}
	if ret.Status != domain.StatusInspected {
		return fmt.Errorf("%w: return %s is %s", domain.ErrInvalidState, ret.ID, ret.Status)
	}
	if ret.RefundableCents <= 0 {
		s.log.InfoContext(ctx, "nothing to credit", "return_id", ret.ID)
		return nil
	}

	req := payments.CreditRequest{
		StripeCustomerID: ret.StripeCustomerID,
		AmountCents:      ret.RefundableCents,
		Currency:         ret.Currency,
		Description:      "Store credit for return " + ret.ID,
		Metadata:         map[string]string{"return_id": ret.ID, "order_id": ret.OrderID},
		IdempotencyKey:   s.opKey("credit", ret.ID),
	}
	res, err := backoff.RetryWithData(func() (payments.CreditResult, error) {
		r, err := s.gateway.Credit(ctx, req)
		return r, permanentIfFinal(err)
	}, s.retryPolicy(ctx))
	if err != nil {
		return fmt.Errorf("credit return %s: %w", ret.ID, err)
	}

	return tx.Exec(ctx, s.pool, func(t pgx.Tx) error {
		if _, err := s.credits.InsertForReturn(ctx, t, domain.StoreCredit{
			ID:               ids.New("sc"),
			ReturnID:         ret.ID,
			CustomerID:       ret.CustomerID,
			StripeCustomerID: ret.StripeCustomerID,
			StripeTxnID:      res.TransactionID,
			AmountCents:      ret.RefundableCents,
			Currency:         ret.Currency,
			Reason:           "return",
		}); err != nil {
			return err
		}
		_, err := s.returns.Transition(ctx, t, ret.ID, []domain.ReturnStatus{domain.StatusInspected}, domain.StatusCredited)
		return err
	})
}

type GoodwillRequest struct {
	CustomerID       string `json:"-"`
	StripeCustomerID string `json:"stripe_customer_id"`
	AmountCents      int64  `json:"amount_cents"`
	Currency         string `json:"currency"`
	Note             string `json:"note"`
	Agent            string `json:"-"`
}

// GoodwillCredit lets a support agent grant store credit outside a return,
// e.g. to apologise for a lost parcel.
func (s *Service) GoodwillCredit(ctx context.Context, req GoodwillRequest) (domain.StoreCredit, error) {
	if req.AmountCents <= 0 || req.AmountCents > 50_000 {
		return domain.StoreCredit{}, fmt.Errorf("%w: goodwill credit must be between 1 and 50000 cents", domain.ErrValidation)
	}
	if req.StripeCustomerID == "" {
		return domain.StoreCredit{}, fmt.Errorf("%w: stripe_customer_id is required", domain.ErrValidation)
	}
	if req.Currency == "" {
		req.Currency = "usd"
	}
	res, err := s.gateway.Credit(ctx, payments.CreditRequest{
		StripeCustomerID: req.StripeCustomerID,
		AmountCents:      req.AmountCents,
		Currency:         req.Currency,
		Description:      "Goodwill credit: " + req.Note,
		Metadata:         map[string]string{"customer_id": req.CustomerID, "agent": req.Agent},
	})
	if err != nil {
		return domain.StoreCredit{}, err
	}
	credit := domain.StoreCredit{
		ID:               ids.New("sc"),
		CustomerID:       req.CustomerID,
		StripeCustomerID: req.StripeCustomerID,
		StripeTxnID:      res.TransactionID,
		AmountCents:      req.AmountCents,
		Currency:         req.Currency,
		Reason:           "goodwill",
		GrantedBy:        req.Agent,
	}
	if err := s.credits.Insert(ctx, s.pool, credit); err != nil {
		return credit, err
	}
	return credit, nil
}

type ManualRefundRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Note        string `json:"note"`
	Agent       string `json:"-"`
}

const manualRefundScope = "refunds.manual"

// ManualRefund records an agent-initiated partial refund and schedules its
// submission. idemKey is the caller's Idempotency-Key header.
func (s *Service) ManualRefund(ctx context.Context, idemKey, returnID string, req ManualRefundRequest) (domain.Refund, error) {
	if req.AmountCents <= 0 {
		return domain.Refund{}, fmt.Errorf("%w: amount_cents must be positive", domain.ErrValidation)
	}
	hash := requestHash(returnID, req)
	if rec, ok, err := s.idem.Lookup(ctx, s.pool, manualRefundScope, idemKey); err != nil {
		return domain.Refund{}, err
	} else if ok {
		if rec.RequestHash != hash {
			return domain.Refund{}, domain.ErrKeyMismatch
		}
		return s.refunds.Get(ctx, s.pool, rec.ResourceID)
	}

	ret, err := s.returns.Get(ctx, s.pool, returnID)
	if err != nil {
		return domain.Refund{}, err
	}
	if ret.PaymentIntentID == "" {
		return domain.Refund{}, fmt.Errorf("%w: return has no payment to refund", domain.ErrInvalidState)
	}
	ref := domain.Refund{
		ID:          ids.New("rf"),
		ReturnID:    ret.ID,
		AmountCents: req.AmountCents,
		Currency:    ret.Currency,
		Reason:      domain.RefundReasonAgent,
		Status:      domain.RefundPending,
		RequestedBy: req.Agent,
	}
	err = tx.Exec(ctx, s.pool, func(t pgx.Tx) error {
		if err := s.refunds.Insert(ctx, t, ref); err != nil {
			return err
		}
		return s.jobs.EnqueueTx(ctx, t, jobs.IssueRefundArgs{RefundID: ref.ID})
	})
	if err != nil {
		return domain.Refund{}, err
	}
	body, _ := json.Marshal(ref)
	if err := s.idem.Save(ctx, s.pool, domain.IdempotencyRecord{
		Scope: manualRefundScope, Key: idemKey, RequestHash: hash,
		ResourceID: ref.ID, ResponseStatus: 201, ResponseBody: body,
	}); err != nil {
		s.log.WarnContext(ctx, "store idempotency record", "key", idemKey, "err", err)
	}
	return ref, nil
}

func requestHash(parts ...any) string {
	b, _ := json.Marshal(parts)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// RefundUpdate is the subset of a Stripe refund event the service needs.
type RefundUpdate struct {
	EventID        string
	EventType      string
	StripeRefundID string
	Status         string
	FailureReason  string
}

// ApplyStripeEvent records a refund status change reported by Stripe. The
// event id is claimed in the same transaction as the status change.
func (s *Service) ApplyStripeEvent(ctx context.Context, u RefundUpdate) error {
	status, ok := mapStripeStatus(u.Status)
	if !ok {
		return nil
	}
	return tx.Exec(ctx, s.pool, func(t pgx.Tx) error {
		claimed, err := s.events.Claim(ctx, t, u.EventID, u.EventType)
		if err != nil || !claimed {
			return err
		}
		ref, changed, err := s.refunds.UpdateByStripeID(ctx, t, u.StripeRefundID, status, u.FailureReason)
		if err != nil || !changed {
			return err
		}
		if status != domain.RefundSucceeded || ref.Reason != domain.RefundReasonInspection {
			return nil
		}
		if _, err := s.returns.Transition(ctx, t, ref.ReturnID, []domain.ReturnStatus{domain.StatusInspected}, domain.StatusRefunded); err != nil {
			return err
		}
		return s.jobs.EnqueueTx(ctx, t, jobs.RefundNoticeArgs{RefundID: ref.ID})
	})
}

func mapStripeStatus(s string) (domain.RefundStatus, bool) {
	switch s {
	case "succeeded":
		return domain.RefundSucceeded, true
	case "failed", "canceled":
		return domain.RefundFailed, true
	case "pending", "requires_action":
		return domain.RefundSubmitted, true
	}
	return "", false
}
