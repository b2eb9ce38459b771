// Package escrow implements the escrow lifecycle: creation, buyer funding,
// capture, cancellation and release of funds to the seller.
package escrow

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/acme/escrow/internal/db"
	"github.com/acme/escrow/internal/platform/ids"
	"github.com/acme/escrow/internal/platform/retry"
	"github.com/acme/escrow/internal/platform/txn"
	"github.com/acme/escrow/internal/provider/payments"
)

// Escrow statuses.
const (
	StatusPending        = "pending"
	StatusAuthorized     = "authorized"
	StatusCaptured       = "captured"
	StatusDelivered      = "delivered"
	StatusReleasePending = "release_pending"
	StatusReleased       = "released"
	StatusDisputed       = "disputed"
	StatusCancelled      = "cancelled"
)

// Errors returned by the service.
var (
	ErrNotFound     = errors.New("escrow not found")
	ErrInvalidState = errors.New("escrow is not in a state that allows this operation")
	ErrForbidden    = errors.New("caller may not act on this escrow")
	ErrValidation   = errors.New("invalid request")
)

// Payments is the subset of the payment gateway the escrow service uses.
type Payments interface {
	CreateIntent(ctx context.Context, r payments.IntentRequest) (payments.Intent, error)
	GetIntent(ctx context.Context, id string) (payments.Intent, error)
	CaptureIntent(ctx context.Context, id string, amountCents int64, key string) (payments.Intent, error)
	CancelIntent(ctx context.Context, id, key string) error
	Transfer(ctx context.Context, r payments.TransferRequest) (string, error)
}

// Publisher publishes domain events.
type Publisher interface {
	Publish(ctx context.Context, subject string, payload any, msgID string) error
}

// Enqueuer schedules background jobs.
type Enqueuer interface {
	EnqueueRelease(ctx context.Context, escrowID string, at time.Time) error
}

// Config holds business settings.
type Config struct {
	PlatformFeeBps int64         // platform fee in basis points
	ReleaseHold    time.Duration // wait after delivery before auto-release
}

// Service implements the escrow use cases.
type Service struct {
	q    db.Querier
	uow  txn.UnitOfWork
	pay  Payments
	pub  Publisher
	jobs Enqueuer
	cfg  Config
	log  *slog.Logger

	ids    ids.Generator
	newKey func() string
	now    func() time.Time
	retry  retry.Policy
}

// NewService wires a Service.
func NewService(q db.Querier, uow txn.UnitOfWork, pay Payments, pub Publisher, jobs Enqueuer, cfg Config, log *slog.Logger) *Service {
	return &Service{
		q:      q,
		uow:    uow,
		pay:    pay,
		pub:    pub,
		jobs:   jobs,
		cfg:    cfg,
		log:    log.With("service", "escrow"),
		ids:    ids.NewULIDs(),
		newKey: uuid.NewString,
		now:    time.Now,
		retry:  retry.Default,
	}
}

// CreateInput is the request to open an escrow for an order.
type CreateInput struct {
	OrderID     string
	BuyerID     string
	SellerID    string
	AmountCents int64
	Currency    string
}

func (in CreateInput) validate() error {
	switch {
	case in.OrderID == "", in.BuyerID == "", in.SellerID == "":
		return fmt.Errorf("%w: order_id, buyer_id and seller_id are required", ErrValidation)
	case in.AmountCents <= 0:
		return fmt.Errorf("%w: amount must be positive", ErrValidation)
	case len(in.Currency) != 3:
		return fmt.Errorf("%w: currency must be an ISO 4217 code", ErrValidation)
	}
	return nil
}

// Create opens a pending escrow for an order.
func (s *Service) Create(ctx context.Context, in CreateInput) (db.Escrow, error) {
	if err := in.validate(); err != nil {
		return db.Escrow{}, err
	}
	fee := in.AmountCents * s.cfg.PlatformFeeBps / 10_000
	id := s.ids.New()
	e, err := s.q.CreateEscrow(ctx, db.CreateEscrowParams{
		ID:               id,
		OrderID:          in.OrderID,
		BuyerID:          in.BuyerID,
		SellerID:         in.SellerID,
		AmountCents:      in.AmountCents,
		PlatformFeeCents: fee,
		Currency:         strings.ToUpper(in.Currency),
	})
	if err != nil {
		return db.Escrow{}, fmt.Errorf("create escrow: %w", err)
	}
	s.log.InfoContext(ctx, "escrow created", "escrow_id", e.ID, "order_id", e.OrderID)
	return e, nil
}

// Get returns an escrow.
func (s *Service) Get(ctx context.Context, id string) (db.Escrow, error) {
	e, err := s.q.GetEscrow(ctx, id)
	if err != nil {
		return db.Escrow{}, notFound(err)
	}
	return e, nil
}

// FundResult is returned to the buyer's client to confirm the card payment.
type FundResult struct {
	EscrowID        string `json:"escrow_id"`
	PaymentIntentID string `json:"payment_intent_id"`
	ClientSecret    string `json:"client_secret"`
}

// Fund creates the buyer's PaymentIntent for a pending escrow. The buyer's
// client confirms it with the returned client secret.
func (s *Service) Fund(ctx context.Context, escrowID, customerID string) (FundResult, error) {
	e, err := s.Get(ctx, escrowID)
	if err != nil {
		return FundResult{}, err
	}
	if e.Status != StatusPending {
		return FundResult{}, ErrInvalidState
	}
	if e.PaymentIntentID.Valid {
		pi, err := s.pay.GetIntent(ctx, e.PaymentIntentID.String)
		if err != nil {
			return FundResult{}, err
		}
		return FundResult{EscrowID: e.ID, PaymentIntentID: pi.ID, ClientSecret: pi.ClientSecret}, nil
	}

	key := s.newKey()
	pi, err := s.pay.CreateIntent(ctx, payments.IntentRequest{
		EscrowID:       e.ID,
		OrderID:        e.OrderID,
		Customer:       customerID,
		AmountCents:    e.AmountCents,
		Currency:       e.Currency,
		IdempotencyKey: key,
	})
	if err != nil {
		return FundResult{}, err
	}
	if err := s.q.SetEscrowPaymentIntent(ctx, db.SetEscrowPaymentIntentParams{ID: e.ID, PaymentIntentID: pi.ID}); err != nil {
		return FundResult{}, fmt.Errorf("store payment intent: %w", err)
	}
	return FundResult{EscrowID: e.ID, PaymentIntentID: pi.ID, ClientSecret: pi.ClientSecret}, nil
}

func notFound(err error) error {
	if isNoRows(err) {
		return ErrNotFound
	}
	return err
}
