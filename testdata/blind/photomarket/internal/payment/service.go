// Package payment takes client payments through Stripe PaymentIntents:
// booking deposits and balances, and print orders.
package payment

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/segmentio/ksuid"

	"github.com/lenslane/photomarket/db"
	"github.com/lenslane/photomarket/internal/ids"
	"github.com/lenslane/photomarket/internal/stripepay"
)

// Errors returned to handlers.
var (
	ErrNotFound   = errors.New("not found")
	ErrForbidden  = errors.New("forbidden")
	ErrWrongState = errors.New("not payable in its current state")
)

// Payment kinds.
const (
	KindDeposit = "deposit"
	KindBalance = "balance"
	KindPrint   = "print"
)

type gateway interface {
	CreatePaymentIntent(ctx context.Context, in stripepay.IntentInput, opts ...stripepay.CallOption) (*stripepay.Intent, error)
}

// Service creates PaymentIntents for bookings and print orders.
type Service struct {
	q          db.Querier
	gateway    gateway
	attemptKey func(paymentID string) string
	now        func() time.Time
}

// Option configures a Service.
type Option func(*Service)

// WithAttemptKey overrides how the idempotency key of a balance payment
// attempt is derived.
func WithAttemptKey(f func(paymentID string) string) Option {
	return func(s *Service) { s.attemptKey = f }
}

// NewService builds a Service.
func NewService(q db.Querier, gw gateway, opts ...Option) *Service {
	s := &Service{
		q:       q,
		gateway: gw,
		attemptKey: func(paymentID string) string {
			return paymentID + "-" + ksuid.New().String()
		},
		now: time.Now,
	}
	for _, opt := range opts {
		opt(s)
	}
	return s
}

// IntentResponse is what the client app needs to confirm a payment.
type IntentResponse struct {
	PaymentID    string `json:"payment_id"`
	IntentID     string `json:"intent_id"`
	ClientSecret string `json:"client_secret,omitempty"`
	Status       string `json:"status"`
	AmountCents  int64  `json:"amount_cents"`
	Currency     string `json:"currency"`
}

func response(p db.Payment) IntentResponse {
	return IntentResponse{
		PaymentID:    p.ID,
		IntentID:     p.ProviderIntentID.String,
		ClientSecret: p.ClientSecret.String,
		Status:       p.Status,
		AmountCents:  p.AmountCents,
		Currency:     p.Currency,
	}
}

func (s *Service) booking(ctx context.Context, id, clientID string) (db.Booking, error) {
	b, err := s.q.GetBooking(ctx, id)
	if errors.Is(err, sql.ErrNoRows) {
		return b, ErrNotFound
	}
	if err != nil {
		return b, err
	}
	if b.ClientID != clientID {
		return b, ErrForbidden
	}
	return b, nil
}

// ensureBookingPayment returns the payment row for (booking, kind),
// creating it on first use.
func (s *Service) ensureBookingPayment(ctx context.Context, b db.Booking, kind string, amount int64) (db.Payment, error) {
	bid := sql.NullString{String: b.ID, Valid: true}
	if err := s.q.EnsureBookingPayment(ctx, db.EnsureBookingPaymentParams{
		ID:          ids.New("pay"),
		BookingID:   bid,
		Kind:        kind,
		AmountCents: amount,
		Currency:    b.Currency,
	}); err != nil {
		return db.Payment{}, err
	}
	return s.q.GetBookingPayment(ctx, db.GetBookingPaymentParams{BookingID: bid, Kind: kind})
}

// attachIntent stores the provider intent on the payment row.
func (s *Service) attachIntent(ctx context.Context, p *db.Payment, intent *stripepay.Intent) error {
	p.ProviderIntentID = sql.NullString{String: intent.ID, Valid: true}
	p.ClientSecret = sql.NullString{String: intent.ClientSecret, Valid: intent.ClientSecret != ""}
	p.Status = intent.Status
	return s.q.SetPaymentIntent(ctx, db.SetPaymentIntentParams{
		ID:               p.ID,
		ProviderIntentID: p.ProviderIntentID,
		ClientSecret:     p.ClientSecret,
		Status:           p.Status,
	})
}

// StartDeposit returns the PaymentIntent the client confirms to pay the
// booking deposit.
func (s *Service) StartDeposit(ctx context.Context, bookingID, clientID string) (IntentResponse, error) {
	b, err := s.booking(ctx, bookingID, clientID)
	if err != nil {
		return IntentResponse{}, err
	}
	if b.Status != "pending" {
		return IntentResponse{}, ErrWrongState
	}
	p, err := s.ensureBookingPayment(ctx, b, KindDeposit, b.DepositCents)
	if err != nil {
		return IntentResponse{}, err
	}
	if p.ProviderIntentID.Valid {
		return response(p), nil
	}
	intent, err := s.gateway.CreatePaymentIntent(ctx, stripepay.IntentInput{
		AmountCents:   p.AmountCents,
		Currency:      p.Currency,
		Description:   "Booking deposit " + b.ID,
		TransferGroup: "booking_" + b.ID,
		Metadata:      map[string]string{"payment_id": p.ID, "booking_id": b.ID, "kind": KindDeposit},
	}, stripepay.WithIdempotencyKey(p.ID))
	if err != nil {
		return IntentResponse{}, err
	}
	if err := s.attachIntent(ctx, &p, intent); err != nil {
		return IntentResponse{}, err
	}
	return response(p), nil
}

// BalanceInput selects the card used for the balance.
type BalanceInput struct {
	PaymentMethodID string `json:"payment_method_id"`
	SaveForLater    bool   `json:"save_for_later"`
}

// PayBalance charges the remaining balance of a confirmed booking to the
// given payment method. A declined attempt can be retried with another
// card, so each attempt is sent to Stripe as its own request.
func (s *Service) PayBalance(ctx context.Context, bookingID, clientID string, in BalanceInput) (IntentResponse, error) {
	if in.PaymentMethodID == "" {
		return IntentResponse{}, fmt.Errorf("payment_method_id is required")
	}
	b, err := s.booking(ctx, bookingID, clientID)
	if err != nil {
		return IntentResponse{}, err
	}
	if b.Status != "confirmed" {
		return IntentResponse{}, ErrWrongState
	}
	c, err := s.q.GetClient(ctx, b.ClientID)
	if err != nil {
		return IntentResponse{}, err
	}
	p, err := s.ensureBookingPayment(ctx, b, KindBalance, b.TotalCents-b.DepositCents)
	if err != nil {
		return IntentResponse{}, err
	}
	if p.Status == "succeeded" || p.Status == "processing" {
		return response(p), nil
	}

	key := s.attemptKey(p.ID)
	intent, err := s.gateway.CreatePaymentIntent(ctx, stripepay.IntentInput{
		AmountCents:   p.AmountCents,
		Currency:      p.Currency,
		CustomerID:    c.StripeCustomerID.String,
		PaymentMethod: in.PaymentMethodID,
		Description:   "Booking balance " + b.ID,
		TransferGroup: "booking_" + b.ID,
		Metadata:      map[string]string{"payment_id": p.ID, "booking_id": b.ID, "kind": KindBalance},
	}, stripepay.WithIdempotencyKey(key))
	if err != nil {
		return IntentResponse{}, err
	}
	if err := s.attachIntent(ctx, &p, intent); err != nil {
		return IntentResponse{}, err
	}
	if in.SaveForLater {
		if err := s.q.SetBookingPaymentMethod(ctx, db.SetBookingPaymentMethodParams{
			ID:                   b.ID,
			DefaultPaymentMethod: sql.NullString{String: in.PaymentMethodID, Valid: true},
		}); err != nil {
			return IntentResponse{}, err
		}
	}
	return response(p), nil
}

// CheckoutPrintOrder returns the PaymentIntent for a print order.
func (s *Service) CheckoutPrintOrder(ctx context.Context, orderID, clientID string) (IntentResponse, error) {
	o, err := s.q.GetPrintOrder(ctx, orderID)
	if errors.Is(err, sql.ErrNoRows) {
		return IntentResponse{}, ErrNotFound
	}
	if err != nil {
		return IntentResponse{}, err
	}
	if o.ClientID != clientID {
		return IntentResponse{}, ErrForbidden
	}
	if o.Status != "draft" && o.Status != "awaiting_payment" {
		return IntentResponse{}, ErrWrongState
	}
	oid := sql.NullString{String: o.ID, Valid: true}
	if err := s.q.EnsurePrintOrderPayment(ctx, db.EnsurePrintOrderPaymentParams{
		ID:           ids.New("pay"),
		PrintOrderID: oid,
		AmountCents:  o.SubtotalCents + o.ShippingCents,
		Currency:     o.Currency,
	}); err != nil {
		return IntentResponse{}, err
	}
	p, err := s.q.GetPrintOrderPayment(ctx, oid)
	if err != nil {
		return IntentResponse{}, err
	}
	if !p.ProviderIntentID.Valid {
		intent, err := s.gateway.CreatePaymentIntent(ctx, stripepay.IntentInput{
			AmountCents: p.AmountCents,
			Currency:    p.Currency,
			Description: "Print order " + o.ID,
			Metadata:    map[string]string{"payment_id": p.ID, "print_order_id": o.ID, "kind": KindPrint},
		}, stripepay.WithIdempotencyKey("print-"+p.ID))
		if err != nil {
			return IntentResponse{}, err
		}
		if err := s.attachIntent(ctx, &p, intent); err != nil {
			return IntentResponse{}, err
		}
	}
	if _, err := s.q.MarkPrintOrderAwaitingPayment(ctx, o.ID); err != nil {
		return IntentResponse{}, err
	}
	return response(p), nil
}

// CollectDueBalances charges the saved card of confirmed bookings whose
// event is within the collection window. It is run by the cron binary.
func (s *Service) CollectDueBalances(ctx context.Context, window time.Duration) (int, error) {
	due, err := s.q.ListBookingsDueBalance(ctx, db.ListBookingsDueBalanceParams{
		EventDate: s.now().Add(window),
		Limit:     200,
	})
	if err != nil {
		return 0, err
	}
	charged := 0
	for _, b := range due {
		p, err := s.ensureBookingPayment(ctx, b, KindBalance, b.TotalCents-b.DepositCents)
		if err != nil {
			return charged, err
		}
		if p.ProviderIntentID.Valid {
			continue
		}
		c, err := s.q.GetClient(ctx, b.ClientID)
		if err != nil {
			return charged, err
		}
		intent, err := s.gateway.CreatePaymentIntent(ctx, stripepay.IntentInput{
			AmountCents:   p.AmountCents,
			Currency:      p.Currency,
			CustomerID:    c.StripeCustomerID.String,
			PaymentMethod: b.DefaultPaymentMethod.String,
			OffSession:    true,
			Description:   "Booking balance " + b.ID,
			TransferGroup: "booking_" + b.ID,
			Metadata:      map[string]string{"payment_id": p.ID, "booking_id": b.ID, "kind": KindBalance},
		}, stripepay.WithIdempotencyKey("auto-"+p.ID))
		if err != nil {
			return charged, fmt.Errorf("collect balance for %s: %w", b.ID, err)
		}
		if err := s.attachIntent(ctx, &p, intent); err != nil {
			return charged, err
		}
		charged++
	}
	return charged, nil
}
