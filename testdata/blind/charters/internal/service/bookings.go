package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/rs/xid"

	"github.com/saltline-charters/charterhub/internal/ids"
	"github.com/saltline-charters/charterhub/internal/payments"
	"github.com/saltline-charters/charterhub/internal/store"
)

// Bookings turns holds into bookings and takes the customer's money.
type Bookings struct {
	q   store.Querier
	tx  TxRunner
	pay PaymentGateway
	cfg Settings
	now Clock
}

func NewBookings(q store.Querier, tx TxRunner, pay PaymentGateway, cfg Settings, now Clock) *Bookings {
	return &Bookings{q: q, tx: tx, pay: pay, cfg: cfg, now: now}
}

type BookingResult struct {
	Booking store.Booking
	Deposit store.DepositPayment
}

// Book converts a hold into a booking and collects the deposit.
//
// The booking and the deposit row are written together, and the deposit's
// processor key is fixed on that row, so a repeated call either finds the
// deposit paid or retries the charge under the same key.
func (s *Bookings) Book(ctx context.Context, holdID string) (BookingResult, error) {
	var res BookingResult
	err := s.tx.InTx(ctx, func(q store.Querier) error {
		hold, err := q.GetHoldForUpdate(ctx, holdID)
		if err != nil {
			return notFound("hold", err)
		}
		bookingID := ids.Derive("booking", hold.ID)

		switch hold.Status {
		case "converted":
			if res.Booking, err = q.GetBooking(ctx, bookingID); err != nil {
				return err
			}
			res.Deposit, err = q.GetDepositByBooking(ctx, bookingID)
			return err
		case "held":
			if hold.ExpiresAt.Before(s.now()) {
				return precondition("hold %s expired at %s", hold.ID, hold.ExpiresAt)
			}
		default:
			return precondition("hold %s is %s", hold.ID, hold.Status)
		}

		trip, err := q.GetTrip(ctx, hold.TripID)
		if err != nil {
			return err
		}
		total := trip.PriceCents * int64(hold.Seats)
		deposit := total * int64(trip.DepositPct) / 100

		res.Booking, err = q.InsertBooking(ctx, store.InsertBookingParams{
			ID:           bookingID,
			HoldID:       hold.ID,
			TripID:       trip.ID,
			CustomerID:   hold.CustomerID,
			Seats:        hold.Seats,
			TotalCents:   total,
			DepositCents: deposit,
		})
		if err != nil {
			return fmt.Errorf("insert booking: %w", err)
		}
		if _, err := q.TransitionHold(ctx, hold.ID, "held", "converted"); err != nil {
			return err
		}
		if err := q.ConvertHeldSeats(ctx, trip.ID, hold.Seats); err != nil {
			return err
		}
		res.Deposit, err = q.InsertDepositPayment(ctx, store.InsertDepositPaymentParams{
			ID:             ids.New("dep"),
			BookingID:      bookingID,
			IdempotencyKey: "deposit:" + bookingID,
			AmountCents:    deposit,
		})
		if err != nil {
			return err
		}
		payload, _ := json.Marshal(map[string]any{
			"booking_id": bookingID, "trip_id": trip.ID, "customer_id": hold.CustomerID, "seats": hold.Seats,
		})
		return q.EnqueueOutbox(ctx, "booking.confirmed", payload)
	})
	if err != nil {
		return BookingResult{}, err
	}

	if res.Deposit.Status == "pending" && res.Deposit.AmountCents > 0 {
		if err := s.collectDeposit(ctx, res.Booking, &res.Deposit); err != nil {
			return res, err
		}
	}
	return res, nil
}

func (s *Bookings) collectDeposit(ctx context.Context, b store.Booking, dep *store.DepositPayment) error {
	cust, err := s.q.GetCustomer(ctx, b.CustomerID)
	if err != nil {
		return err
	}
	charge, err := s.pay.CreateCharge(ctx, payments.ChargeParams{
		CustomerRef:    cust.PaymentRef,
		AmountCents:    dep.AmountCents,
		Currency:       s.cfg.Currency,
		Description:    "Charter deposit " + b.ID,
		Capture:        true,
		Metadata:       map[string]string{"booking_id": b.ID, "kind": "deposit"},
		IdempotencyKey: dep.IdempotencyKey,
	})

	outcome, detail := "succeeded", ""
	if err != nil {
		outcome, detail = "failed", err.Error()
	}
	// The attempt log records every call we make to the processor,
	// retries included; support reads it when a customer disputes a charge.
	if logErr := s.q.InsertPaymentAttempt(ctx, xid.New().String(), dep.ID, outcome, detail); logErr != nil {
		return logErr
	}

	var perr *payments.Error
	switch {
	case errors.As(err, &perr) && perr.Declined():
		if err := s.q.SettleDeposit(ctx, dep.ID, "declined", nil); err != nil {
			return err
		}
		dep.Status = "declined"
		return fmt.Errorf("%w: %s", ErrDeclined, perr.Message)
	case err != nil:
		return fmt.Errorf("deposit charge: %w", err)
	}
	if err := s.q.SettleDeposit(ctx, dep.ID, "paid", &charge.ID); err != nil {
		return err
	}
	dep.Status, dep.ChargeID = "paid", &charge.ID
	return nil
}

type BalanceResult struct {
	ChargeID    string
	AmountCents int64
	AlreadyPaid bool
}

// ChargeBalance collects what is left after the deposit, normally on the
// morning of departure from the skipper's console.
func (s *Bookings) ChargeBalance(ctx context.Context, bookingID string) (BalanceResult, error) {
	b, err := s.q.GetBooking(ctx, bookingID)
	if err != nil {
		return BalanceResult{}, notFound("booking", err)
	}
	if b.Status != "confirmed" {
		return BalanceResult{}, precondition("booking %s is %s", b.ID, b.Status)
	}
	if b.BalancePaid {
		return BalanceResult{AlreadyPaid: true}, nil
	}
	balance := b.TotalCents - b.DepositCents
	if balance <= 0 {
		return BalanceResult{AlreadyPaid: true}, s.q.MarkBalancePaid(ctx, b.ID)
	}
	cust, err := s.q.GetCustomer(ctx, b.CustomerID)
	if err != nil {
		return BalanceResult{}, err
	}

	// The balance moves when extras are added, and the processor rejects a
	// reused key whose body differs, so each collection gets its own key.
	charge, err := s.pay.CreateCharge(ctx, payments.ChargeParams{
		CustomerRef:    cust.PaymentRef,
		AmountCents:    balance,
		Currency:       s.cfg.Currency,
		Description:    "Charter balance " + b.ID,
		Capture:        true,
		Metadata:       map[string]string{"booking_id": b.ID, "kind": "balance"},
		IdempotencyKey: payments.NewIdempotencyKey(),
	})
	if err != nil {
		var perr *payments.Error
		if errors.As(err, &perr) && perr.Declined() {
			return BalanceResult{}, fmt.Errorf("%w: %s", ErrDeclined, perr.Message)
		}
		return BalanceResult{}, fmt.Errorf("balance charge: %w", err)
	}

	err = s.tx.InTx(ctx, func(q store.Querier) error {
		if err := q.InsertBalanceCharge(ctx, b.ID, charge.ID, balance); err != nil {
			return err
		}
		return q.MarkBalancePaid(ctx, b.ID)
	})
	if err != nil {
		return BalanceResult{}, err
	}
	return BalanceResult{ChargeID: charge.ID, AmountCents: balance}, nil
}
