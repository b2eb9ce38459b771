package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
	"github.com/larkspur-travel/tourdesk/internal/platform/ids"
	"github.com/larkspur-travel/tourdesk/internal/provider/stripepay"
)

// PaymentService takes deposits and balances by card and records payments
// received by other means.
type PaymentService struct {
	tx       db.Transactor
	bookings BookingStore
	payments PaymentStore
	cards    CardProcessor
	log      *slog.Logger

	newID func() string
	now   Clock
}

// NewPaymentService constructs a PaymentService.
func NewPaymentService(tx db.Transactor, bookings BookingStore, payments PaymentStore, cards CardProcessor,
	log *slog.Logger) *PaymentService {
	return &PaymentService{
		tx: tx, bookings: bookings, payments: payments, cards: cards, log: log,
		newID: ids.Payment,
		now:   time.Now,
	}
}

// CardInput is the card the traveller entered in Stripe Elements.
type CardInput struct {
	CustomerID      string `json:"customer_id"`
	PaymentMethodID string `json:"payment_method_id"`
}

// Validate checks the input.
func (in CardInput) Validate() error {
	if !strings.HasPrefix(in.PaymentMethodID, "pm_") {
		return domain.Invalid("payment_method_id", "must be a Stripe PaymentMethod ID")
	}
	if in.CustomerID != "" && !strings.HasPrefix(in.CustomerID, "cus_") {
		return domain.Invalid("customer_id", "must be a Stripe Customer ID")
	}
	return nil
}

// PaymentResult is returned to the storefront.
type PaymentResult struct {
	Payment      *domain.Payment `json:"payment"`
	ClientSecret string          `json:"client_secret,omitempty"`
	NextAction   bool            `json:"requires_action"`
}

// PayDeposit charges the booking's deposit. The payment row is created
// before Stripe is called and its ID is the Stripe idempotency key, so a
// repeated request reuses the same PaymentIntent.
func (s *PaymentService) PayDeposit(ctx context.Context, bookingID string, in CardInput) (*PaymentResult, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return nil, err
	}
	if b.Status != domain.BookingPending && b.Status != domain.BookingConfirmed {
		return nil, fmt.Errorf("booking %s is %s: %w", b.ID, b.Status, domain.ErrInvalidState)
	}
	p, err := s.payments.EnsureCardPayment(ctx, &domain.Payment{
		ID:          s.newID(),
		BookingID:   b.ID,
		Kind:        domain.PaymentDeposit,
		AmountCents: b.DepositCents,
		Currency:    b.Currency,
		Status:      domain.PaymentPending,
	})
	if err != nil {
		return nil, err
	}
	if p.Status == domain.PaymentSucceeded {
		return &PaymentResult{Payment: p}, nil
	}
	if err := s.bookings.SetPaymentMethod(ctx, b.ID, in.CustomerID, in.PaymentMethodID); err != nil {
		return nil, err
	}
	intent, err := s.cards.CreatePaymentIntent(ctx, stripepay.ChargeRequest{
		AmountCents:     p.AmountCents,
		Currency:        p.Currency,
		CustomerID:      in.CustomerID,
		PaymentMethodID: in.PaymentMethodID,
		Description:     "Deposit " + b.Reference,
		SaveCard:        in.CustomerID != "",
		Metadata:        map[string]string{"payment_id": p.ID, "booking_id": b.ID, "kind": string(p.Kind)},
		IdempotencyKey:  "payment:" + p.ID,
	})
	return s.finishIntent(ctx, p, intent, err)
}

// PayBalance charges whatever is still owed, with the traveller present.
func (s *PaymentService) PayBalance(ctx context.Context, bookingID string, in CardInput) (*PaymentResult, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return nil, err
	}
	if b.Status != domain.BookingDepositPaid {
		return nil, fmt.Errorf("booking %s is %s: %w", b.ID, b.Status, domain.ErrInvalidState)
	}
	due := b.BalanceDueCents()
	if due == 0 {
		return nil, fmt.Errorf("booking %s has nothing to pay: %w", b.ID, domain.ErrInvalidState)
	}
	p, err := s.payments.EnsureCardPayment(ctx, &domain.Payment{
		ID:          s.newID(),
		BookingID:   b.ID,
		Kind:        domain.PaymentBalance,
		AmountCents: due,
		Currency:    b.Currency,
		Status:      domain.PaymentPending,
	})
	if err != nil {
		return nil, err
	}
	if p.Status == domain.PaymentSucceeded {
		return &PaymentResult{Payment: p}, nil
	}
	// The traveller may retry with a different card after a decline, so
	// each submission is its own request at Stripe.
	requestKey := ids.NewRequestKey("balance")
	intent, err := s.cards.CreatePaymentIntent(ctx, stripepay.ChargeRequest{
		AmountCents:     p.AmountCents,
		Currency:        p.Currency,
		CustomerID:      in.CustomerID,
		PaymentMethodID: in.PaymentMethodID,
		Description:     "Balance " + b.Reference,
		Metadata:        map[string]string{"payment_id": p.ID, "booking_id": b.ID, "kind": string(p.Kind)},
		IdempotencyKey:  requestKey,
	})
	return s.finishIntent(ctx, p, intent, err)
}

// ChargeBalanceOffSession charges the saved card for the balance when it
// falls due. It is driven by the daily sweep.
func (s *PaymentService) ChargeBalanceOffSession(ctx context.Context, bookingID string) error {
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return err
	}
	due := b.BalanceDueCents()
	if b.Status != domain.BookingDepositPaid || due == 0 || b.PaymentMethodID == "" {
		return nil
	}
	p, err := s.payments.EnsureCardPayment(ctx, &domain.Payment{
		ID:          s.newID(),
		BookingID:   b.ID,
		Kind:        domain.PaymentBalance,
		AmountCents: due,
		Currency:    b.Currency,
		Status:      domain.PaymentPending,
	})
	if err != nil {
		return err
	}
	switch p.Status {
	case domain.PaymentSucceeded, domain.PaymentProcessing, domain.PaymentFailed:
		return nil
	}
	intent, err := s.cards.CreatePaymentIntent(ctx, stripepay.ChargeRequest{
		AmountCents:     p.AmountCents,
		Currency:        p.Currency,
		CustomerID:      b.StripeCustomerID,
		PaymentMethodID: b.PaymentMethodID,
		Description:     "Balance " + b.Reference,
		OffSession:      true,
		Metadata:        map[string]string{"payment_id": p.ID, "booking_id": b.ID, "kind": string(p.Kind)},
		IdempotencyKey:  "payment:" + p.ID,
	})
	_, err = s.finishIntent(ctx, p, intent, err)
	return err
}

// finishIntent logs the attempt and stores the PaymentIntent on the payment.
func (s *PaymentService) finishIntent(ctx context.Context, p *domain.Payment, intent *stripepay.Intent, callErr error) (*PaymentResult, error) {
	attempt := &domain.PaymentAttempt{
		ID:          uuid.NewString(),
		PaymentID:   p.ID,
		Outcome:     "created",
		AttemptedAt: s.now().UTC(),
	}
	if callErr != nil {
		attempt.Outcome = "error"
		attempt.Detail = callErr.Error()
		if errors.Is(callErr, stripepay.ErrCardDeclined) {
			attempt.Outcome = "declined"
		}
	} else {
		attempt.Detail = intent.ID + " " + intent.Status
	}
	if err := s.payments.LogAttempt(ctx, attempt); err != nil {
		s.log.WarnContext(ctx, "could not log payment attempt", "payment_id", p.ID, "err", err)
	}
	if callErr != nil {
		if errors.Is(callErr, stripepay.ErrCardDeclined) {
			return nil, fmt.Errorf("%w: %v", domain.ErrPaymentDeclined, callErr)
		}
		return nil, callErr
	}
	status := intentStatus(intent.Status)
	if err := s.payments.AttachIntent(ctx, p.ID, intent.ID, status); err != nil {
		return nil, err
	}
	p.StripePaymentIntentID = &intent.ID
	if p.Status != domain.PaymentSucceeded {
		p.Status = status
	}
	return &PaymentResult{
		Payment:      p,
		ClientSecret: intent.ClientSecret,
		NextAction:   status == domain.PaymentRequiresAction,
	}, nil
}

// Card payments only count once the payment_intent.succeeded webhook
// arrives; the synchronous status is informational.
func intentStatus(s string) domain.PaymentStatus {
	switch s {
	case "requires_action", "requires_confirmation":
		return domain.PaymentRequiresAction
	case "processing", "succeeded":
		return domain.PaymentProcessing
	case "requires_payment_method", "canceled":
		return domain.PaymentFailed
	default:
		return domain.PaymentPending
	}
}

// ManualPaymentInput records money received outside Stripe.
type ManualPaymentInput struct {
	AmountCents int64  `json:"amount_cents"`
	Method      string `json:"method"`
	Reference   string `json:"reference"`
}

// Validate checks the input.
func (in ManualPaymentInput) Validate() error {
	if in.AmountCents <= 0 {
		return domain.Invalid("amount_cents", "must be positive")
	}
	switch in.Method {
	case "bank_transfer", "agent_settlement", "voucher":
	default:
		return domain.Invalid("method", "must be bank_transfer, agent_settlement or voucher")
	}
	return nil
}

// RecordManualPayment books money that reached us by bank transfer or
// through a trade partner against the booking.
func (s *PaymentService) RecordManualPayment(ctx context.Context, bookingID string, in ManualPaymentInput) (*domain.Payment, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	var out *domain.Payment
	err := s.tx.Tx(ctx, func(ctx context.Context) error {
		b, err := s.bookings.GetForUpdate(ctx, bookingID)
		if err != nil {
			return err
		}
		if !b.IsActive() {
			return fmt.Errorf("booking %s is %s: %w", b.ID, b.Status, domain.ErrInvalidState)
		}
		p := &domain.Payment{
			ID:          s.newID(),
			BookingID:   b.ID,
			Kind:        domain.PaymentManual,
			AmountCents: in.AmountCents,
			Currency:    b.Currency,
			Status:      domain.PaymentSucceeded,
			Method:      in.Method,
			ExternalRef: in.Reference,
		}
		if err := s.payments.InsertManual(ctx, p); err != nil {
			return err
		}
		if _, err := s.bookings.AddPayment(ctx, b.ID, p.AmountCents); err != nil {
			return err
		}
		out = p
		return nil
	})
	return out, err
}
