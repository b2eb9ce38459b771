package booking

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/google/uuid"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/platform/database"
	"github.com/meridianrail/bookings/internal/providers/stripepay"
)

const scopeCreateBooking = "bookings.create"

// CreateInput is a request to turn a seat hold into a booking.
type CreateInput struct {
	IdempotencyKey  string
	HoldID          string
	CustomerID      string
	ContactEmail    string
	ContactPhone    string
	LoyaltyMemberID string
	PaymentMethodID string
}

func (in CreateInput) hash() string {
	h := sha256.New()
	for _, f := range []string{in.HoldID, in.CustomerID, in.ContactEmail, in.ContactPhone, in.LoyaltyMemberID, in.PaymentMethodID} {
		h.Write([]byte(f))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// CreateResult is returned to the client (and replayed for retries).
type CreateResult struct {
	BookingID    string `json:"booking_id"`
	Status       string `json:"status"`
	TotalCents   int64  `json:"total_cents"`
	Currency     string `json:"currency"`
	ClientSecret string `json:"client_secret"`
}

// Create books the held seats and opens a Stripe PaymentIntent for them.
//
// The booking, the seat assignment, the payment row and the idempotency key
// are committed together first. The payment row's id is then used as the
// Stripe idempotency key, so a retry that resumes a half-finished request
// gets the same PaymentIntent back.
func (s *Service) Create(ctx context.Context, in CreateInput) (*CreateResult, error) {
	if in.IdempotencyKey == "" {
		return nil, ErrIdempotencyKeyRequired
	}

	var (
		booking domain.Booking
		payment domain.Payment
		replay  *CreateResult
	)
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		rec, fresh, err := s.Idem.Claim(ctx, scopeCreateBooking, in.IdempotencyKey, in.hash())
		if err != nil {
			return err
		}
		if rec.RequestHash != in.hash() {
			return ErrIdempotencyKeyReused
		}
		if !fresh {
			if rec.Status == domain.IdemCompleted {
				replay = &CreateResult{}
				return json.Unmarshal(rec.ResponseBody, replay)
			}
			return s.loadForResume(ctx, rec.ResourceID, &booking, &payment)
		}

		hold, err := s.Holds.LockWhere(ctx, "id = ?", in.HoldID)
		if errors.Is(err, database.ErrNotFound) {
			return ErrHoldNotFound
		}
		if err != nil {
			return err
		}
		if hold.Status != domain.HoldActive || s.now().After(hold.ExpiresAt) {
			return ErrHoldNotActive
		}

		booking = domain.Booking{
			ID:              uuid.NewString(),
			HoldID:          hold.ID,
			TripID:          hold.TripID,
			CustomerID:      in.CustomerID,
			ContactEmail:    in.ContactEmail,
			ContactPhone:    in.ContactPhone,
			LoyaltyMemberID: in.LoyaltyMemberID,
			FareClass:       hold.FareClass,
			Status:          domain.StatusAwaitingPayment,
			TotalCents:      hold.AmountCents,
			Currency:        hold.Currency,
		}
		if err := s.Bookings.Create(ctx, &booking); err != nil {
			return fmt.Errorf("create booking: %w", err)
		}
		if _, err := s.Holds.UpdateWhere(ctx,
			map[string]any{"status": domain.HoldConverted, "updated_at": s.now()},
			"id = ?", hold.ID); err != nil {
			return err
		}
		n, err := s.Seats.AssignToBooking(ctx, hold.ID, booking.ID)
		if err != nil {
			return err
		}
		if n != int64(hold.SeatCount) {
			return ErrHoldNotActive
		}

		payment = domain.Payment{
			ID:          uuid.NewString(),
			BookingID:   booking.ID,
			AmountCents: booking.TotalCents,
			Currency:    booking.Currency,
			Status:      domain.PaymentPending,
		}
		if err := s.Payments.Create(ctx, &payment); err != nil {
			return fmt.Errorf("create payment: %w", err)
		}
		return s.Idem.Attach(ctx, scopeCreateBooking, in.IdempotencyKey, booking.ID)
	})
	if err != nil {
		return nil, err
	}
	if replay != nil {
		return replay, nil
	}

	if payment.StripePaymentIntentID == nil {
		pi, err := s.Gateway.CreatePaymentIntent(ctx, stripepay.IntentRequest{
			AmountCents:     payment.AmountCents,
			Currency:        payment.Currency,
			PaymentMethodID: in.PaymentMethodID,
			Description:     "Meridian Rail booking " + booking.ID,
			Metadata:        map[string]string{"booking_id": booking.ID, "payment_id": payment.ID},
			IdempotencyKey:  "pi:" + payment.ID,
		})
		if err != nil {
			return nil, fmt.Errorf("create payment intent: %w", err)
		}
		payment.StripePaymentIntentID = &pi.ID
		payment.ClientSecret = pi.ClientSecret
		payment.Status = domain.PaymentRequiresPM
	}

	result := &CreateResult{
		BookingID:    booking.ID,
		Status:       booking.Status,
		TotalCents:   booking.TotalCents,
		Currency:     booking.Currency,
		ClientSecret: payment.ClientSecret,
	}
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.Payments.UpdateWhere(ctx, map[string]any{
			"stripe_payment_intent_id": *payment.StripePaymentIntentID,
			"client_secret":            payment.ClientSecret,
			"status":                   payment.Status,
			"updated_at":               s.now(),
		}, "id = ?", payment.ID); err != nil {
			return err
		}
		return s.Idem.Complete(ctx, scopeCreateBooking, in.IdempotencyKey, http.StatusCreated, result)
	})
	if err != nil {
		return nil, err
	}
	return result, nil
}

func (s *Service) loadForResume(ctx context.Context, bookingID string, b *domain.Booking, p *domain.Payment) error {
	if bookingID == "" {
		return fmt.Errorf("idempotency key %w without a booking", ErrHoldNotActive)
	}
	found, err := s.Bookings.FirstWhere(ctx, "id = ?", bookingID)
	if err != nil {
		return err
	}
	pay, err := s.Payments.FirstWhere(ctx, "booking_id = ?", bookingID)
	if err != nil {
		return err
	}
	*b, *p = *found, *pay
	return nil
}
