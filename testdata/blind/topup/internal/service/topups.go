package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/example/topup/internal/domain"
	"github.com/example/topup/internal/jobs"
	"github.com/example/topup/internal/payments"
)

var msisdnRe = regexp.MustCompile(`^\+?[1-9][0-9]{7,14}$`)

const (
	minTopUpCents = 100
	maxTopUpCents = 50_000
)

type TopUpService struct {
	pool      *pgxpool.Pool
	topups    TopUpRepository
	customers CustomerRepository
	payments  payments.Gateway
	jobs      JobQueue
	currency  string
	log       *slog.Logger
}

func NewTopUpService(pool *pgxpool.Pool, topups TopUpRepository, customers CustomerRepository,
	gw payments.Gateway, jobs JobQueue, currency string, log *slog.Logger) *TopUpService {
	return &TopUpService{
		pool:      pool,
		topups:    topups,
		customers: customers,
		payments:  gw,
		jobs:      jobs,
		currency:  currency,
		log:       log.With("svc", "topups"),
	}
}

type CreateTopUpInput struct {
	CustomerID     uuid.UUID
	IdempotencyKey string
	MSISDN         string
	Operator       string
	AmountCents    int64
	PaymentMethod  string
}

func (in CreateTopUpInput) validate() error {
	var problems []string
	if in.IdempotencyKey == "" || len(in.IdempotencyKey) > 128 {
		problems = append(problems, "Idempotency-Key header is required (max 128 chars)")
	}
	if !msisdnRe.MatchString(in.MSISDN) {
		problems = append(problems, "msisdn is not a valid E.164 number")
	}
	if in.Operator == "" {
		problems = append(problems, "operator is required")
	}
	if in.AmountCents < minTopUpCents || in.AmountCents > maxTopUpCents {
		problems = append(problems, fmt.Sprintf("amount must be between %d and %d", minTopUpCents, maxTopUpCents))
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: %s", domain.ErrValidation, strings.Join(problems, "; "))
	}
	return nil
}

// Create registers the top-up, charges the card and hands it to the delivery
// worker.
func (s *TopUpService) Create(ctx context.Context, in CreateTopUpInput) (*domain.TopUp, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	cust, err := s.customers.Get(ctx, s.pool, in.CustomerID)
	if err != nil {
		return nil, err
	}
	pm := in.PaymentMethod
	if pm == "" && cust.DefaultPaymentMethod != nil {
		pm = *cust.DefaultPaymentMethod
	}
	if pm == "" {
		return nil, fmt.Errorf("%w: no payment method on file", domain.ErrValidation)
	}

	key := in.IdempotencyKey
	candidate := &domain.TopUp{
		ID:             uuid.New(),
		CustomerID:     &in.CustomerID,
		MSISDN:         in.MSISDN,
		Operator:       in.Operator,
		AmountCents:    in.AmountCents,
		Currency:       s.currency,
		IdempotencyKey: &key,
		Status:         domain.TopUpPending,
		Source:         "app",
	}

	var t *domain.TopUp
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		t, _, err = s.topups.CreateOnce(ctx, tx, candidate)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("create topup: %w", err)
	}

	switch t.Status {
	case domain.TopUpPending:
		// charge below
	case domain.TopUpPaid:
		return t, s.jobs.Enqueue(ctx, jobs.TypeDeliverTopUp, jobs.DeliverTopUp{TopUpID: t.ID}, jobs.DeliverTaskID(t.ID))
	default:
		return t, nil
	}

	var customerRef string
	if cust.StripeCustomerID != nil {
		customerRef = *cust.StripeCustomerID
	}
	res, err := s.payments.Charge(ctx, payments.ChargeRequest{
		AmountCents:    t.AmountCents,
		Currency:       t.Currency,
		CustomerID:     customerRef,
		PaymentMethod:  pm,
		Description:    fmt.Sprintf("Airtime %s %s", t.Operator, t.MSISDN),
		Metadata:       map[string]string{"topup_id": t.ID.String()},
		IdempotencyKey: "topup_" + t.ID.String(),
	})
	if err != nil {
		if errors.Is(err, payments.ErrCardDeclined) {
			_ = s.topups.MarkFailed(ctx, s.pool, t.ID, err.Error())
			return nil, err
		}
		return nil, err
	}
	if res.Status != "succeeded" {
		// 3DS and other async flows finish through the Stripe webhook.
		s.log.Info("payment pending confirmation", "topup", t.ID, "pi", res.PaymentIntentID, "status", res.Status)
		return t, nil
	}

	if _, err := s.topups.MarkPaid(ctx, s.pool, t.ID, res.PaymentIntentID); err != nil {
		return nil, err
	}
	if err := s.jobs.Enqueue(ctx, jobs.TypeDeliverTopUp, jobs.DeliverTopUp{TopUpID: t.ID}, jobs.DeliverTaskID(t.ID)); err != nil {
		return nil, err
	}
	return s.topups.Get(ctx, s.pool, t.ID)
}

func (s *TopUpService) Get(ctx context.Context, customerID, id uuid.UUID) (*domain.TopUp, error) {
	t, err := s.topups.Get(ctx, s.pool, id)
	if err != nil {
		return nil, err
	}
	if t.CustomerID == nil || *t.CustomerID != customerID {
		return nil, domain.ErrNotFound
	}
	return t, nil
}

type RefundInput struct {
	CustomerID  uuid.UUID
	TopUpID     uuid.UUID
	AmountCents int64
	Reason      string
}

// Refund gives money back for a top-up that could not be (fully) delivered.
func (s *TopUpService) Refund(ctx context.Context, in RefundInput) (*domain.Refund, error) {
	t, err := s.Get(ctx, in.CustomerID, in.TopUpID)
	if err != nil {
		return nil, err
	}
	if t.PaymentIntentID == nil {
		return nil, fmt.Errorf("%w: top-up was never charged", domain.ErrInvalidState)
	}
	if t.Status != domain.TopUpFailed && t.Status != domain.TopUpDelivered {
		return nil, fmt.Errorf("%w: top-up is %s", domain.ErrInvalidState, t.Status)
	}
	amount := in.AmountCents
	if amount == 0 {
		amount = t.AmountCents
	}
	refunded, err := s.topups.RefundedTotal(ctx, s.pool, t.ID)
	if err != nil {
		return nil, err
	}
	if refunded+amount > t.AmountCents {
		return nil, fmt.Errorf("%w: refund exceeds remaining %d", domain.ErrValidation, t.AmountCents-refunded)
	}

	res, err := s.payments.Refund(ctx, payments.RefundRequest{
		PaymentIntentID: *t.PaymentIntentID,
		AmountCents:     amount,
		Reason:          "requested_by_customer",
		Metadata:        map[string]string{"topup_id": t.ID.String(), "note": in.Reason},
	})
	if err != nil {
		return nil, err
	}

	rf := domain.Refund{
		ID:             uuid.New(),
		TopUpID:        t.ID,
		AmountCents:    amount,
		StripeRefundID: res.RefundID,
		Reason:         in.Reason,
	}
	if err := s.topups.InsertRefund(ctx, s.pool, rf); err != nil {
		s.log.Error("refund issued but not recorded", "topup", t.ID, "refund", res.RefundID, "err", err)
		return nil, err
	}
	if refunded+amount == t.AmountCents {
		if _, err := s.topups.Transition(ctx, s.pool, t.ID, domain.TopUpRefunded, domain.TopUpFailed, domain.TopUpDelivered); err != nil {
			return nil, err
		}
	}
	return &rf, nil
}
