// Package noshow handles bookings whose party never arrived: strikes against
// the diner, the restaurant's no-show fee, and telling the diner about it.
package noshow

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/tablewise/reservations/internal/audit"
	"github.com/tablewise/reservations/internal/db"
	"github.com/tablewise/reservations/internal/ids"
	"github.com/tablewise/reservations/internal/payments"
	"github.com/tablewise/reservations/internal/pgconv"
	"github.com/tablewise/reservations/internal/sms"
	"github.com/tablewise/reservations/internal/store"
)

var ErrNoPaymentMethod = errors.New("noshow: diner has no saved payment method")

// Attendance is the result of the post-slot check.
type Attendance struct {
	BookingID string
	NoShow    bool
	Status    string
}

// Recorded is returned by RecordNoShow.
type Recorded struct {
	Strikes int32
	Blocked bool
}

// FeeCharge describes the outcome of charging the no-show fee.
type FeeCharge struct {
	Charged         bool
	AmountCents     int64
	PaymentIntentID string
}

type Service interface {
	CheckAttendance(ctx context.Context, bookingID string) (Attendance, error)
	RecordNoShow(ctx context.Context, bookingID string) (Recorded, error)
	ChargeFee(ctx context.Context, bookingID, operationKey string) (FeeCharge, error)
	NotifyFee(ctx context.Context, bookingID string) error
}

type service struct {
	st          *store.Store
	gw          payments.Gateway
	sms         sms.Sender
	strikeLimit int32
	log         *slog.Logger
}

func New(st *store.Store, gw payments.Gateway, sender sms.Sender, strikeLimit int, log *slog.Logger) Service {
	return &service{st: st, gw: gw, sms: sender, strikeLimit: int32(strikeLimit), log: log.With("component", "noshow")}
}

func (s *service) CheckAttendance(ctx context.Context, bookingID string) (Attendance, error) {
	b, err := s.st.GetBooking(ctx, bookingID)
	if err != nil {
		return Attendance{}, err
	}
	return Attendance{
		BookingID: b.ID,
		Status:    b.Status,
		NoShow:    b.Status == "confirmed" && !b.SeatedAt.Valid,
	}, nil
}

// RecordNoShow adds a strike to the diner, blocks repeat offenders and moves
// the booking to no_show.
func (s *service) RecordNoShow(ctx context.Context, bookingID string) (Recorded, error) {
	b, err := s.st.GetBooking(ctx, bookingID)
	if err != nil {
		return Recorded{}, err
	}
	if !b.DinerID.Valid {
		return Recorded{}, nil
	}
	strikes, err := s.st.IncrementNoShowStrikes(ctx, b.DinerID.String)
	if err != nil {
		return Recorded{}, fmt.Errorf("noshow: strike: %w", err)
	}
	out := Recorded{Strikes: strikes}
	if strikes >= s.strikeLimit {
		if err := s.st.BlockDiner(ctx, b.DinerID.String); err != nil {
			return out, fmt.Errorf("noshow: block diner: %w", err)
		}
		out.Blocked = true
	}
	err = s.st.ExecTx(ctx, func(q *db.Queries) error {
		n, err := q.MarkBookingNoShow(ctx, b.ID)
		if err != nil || n == 0 {
			return err
		}
		return audit.Record(ctx, q, b.ID, "no_show", audit.ActorSystem, map[string]any{"strikes": strikes})
	})
	if err != nil {
		return out, fmt.Errorf("noshow: mark booking: %w", err)
	}
	return out, nil
}

// ChargeFee charges the restaurant's no-show fee to the diner's saved card.
// operationKey must be stable across retries of the same logical charge.
func (s *service) ChargeFee(ctx context.Context, bookingID, operationKey string) (FeeCharge, error) {
	if prev, err := s.st.GetNoShowCharge(ctx, bookingID); err == nil && prev.Status == "succeeded" {
		return FeeCharge{Charged: true, AmountCents: prev.AmountCents, PaymentIntentID: prev.StripePaymentIntentID.String}, nil
	} else if err != nil && !store.IsNotFound(err) {
		return FeeCharge{}, err
	}

	b, err := s.st.GetBooking(ctx, bookingID)
	if err != nil {
		return FeeCharge{}, err
	}
	r, err := s.st.GetRestaurant(ctx, b.RestaurantID)
	if err != nil {
		return FeeCharge{}, err
	}
	fee := r.NoShowFeeCents - b.DepositCents
	if fee <= 0 || !b.DinerID.Valid {
		return FeeCharge{}, nil
	}
	diner, err := s.st.GetDiner(ctx, b.DinerID.String)
	if err != nil {
		return FeeCharge{}, err
	}
	if !diner.StripeCustomerID.Valid || !diner.DefaultPaymentMethod.Valid {
		return FeeCharge{}, ErrNoPaymentMethod
	}

	ch, err := s.gw.ChargeOffSession(ctx, payments.OffSessionCharge{
		AmountCents:   fee,
		Currency:      r.Currency,
		CustomerID:    diner.StripeCustomerID.String,
		PaymentMethod: diner.DefaultPaymentMethod.String,
	},
		payments.WithIdempotencyKey(operationKey),
		payments.WithMetadata("booking_id", b.ID),
		payments.WithMetadata("kind", "no_show_fee"),
		payments.WithDescription("No-show fee "+r.Name),
	)
	if err != nil {
		return FeeCharge{}, err
	}

	err = s.st.ExecTx(ctx, func(q *db.Queries) error {
		n, err := q.RecordNoShowCharge(ctx, db.RecordNoShowChargeParams{
			BookingID:             b.ID,
			AmountCents:           fee,
			StripePaymentIntentID: pgconv.Text(ch.PaymentIntentID),
			Status:                "succeeded",
		})
		if err != nil || n == 0 {
			return err
		}
		if err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID:           ids.New(ids.PrefixLedger),
			RestaurantID: r.ID,
			BookingID:    pgconv.Text(b.ID),
			Kind:         "no_show_fee",
			AmountCents:  fee,
		}); err != nil {
			return err
		}
		return q.CreditPendingBalance(ctx, db.CreditPendingBalanceParams{RestaurantID: r.ID, PendingCents: fee})
	})
	if err != nil {
		return FeeCharge{}, err
	}
	return FeeCharge{Charged: true, AmountCents: fee, PaymentIntentID: ch.PaymentIntentID}, nil
}

// NotifyFee texts the diner that the fee was charged.
func (s *service) NotifyFee(ctx context.Context, bookingID string) error {
	b, err := s.st.GetBooking(ctx, bookingID)
	if err != nil {
		return err
	}
	charge, err := s.st.GetNoShowCharge(ctx, bookingID)
	if err != nil {
		return err
	}
	diner, err := s.st.GetDiner(ctx, b.DinerID.String)
	if err != nil {
		return err
	}
	r, err := s.st.GetRestaurant(ctx, b.RestaurantID)
	if err != nil {
		return err
	}
	body := fmt.Sprintf("We missed you at %s on %s. A no-show fee of %.2f %s was charged per the booking policy.",
		r.Name, b.StartsAt.Time.Format("Jan 2"), float64(charge.AmountCents)/100, r.Currency)
	_, err = s.sms.Send(ctx, sms.Message{
		To:      diner.Phone,
		Body:    body,
		Purpose: "no_show_fee",
	})
	return err
}
