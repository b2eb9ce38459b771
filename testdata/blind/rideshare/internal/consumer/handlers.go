// Package consumer maps JetStream subjects to the money services.
package consumer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/accounts"
	"github.com/wayfare/ridepay/internal/earnings"
	"github.com/wayfare/ridepay/internal/events"
	"github.com/wayfare/ridepay/internal/fares"
	"github.com/wayfare/ridepay/internal/notify"
)

// FareFlows is implemented by *fares.Service.
type FareFlows interface {
	CompleteTrip(ctx context.Context, t fares.TripCompleted) error
	ChargeCancellationFee(ctx context.Context, c fares.TripCancelled) error
	AdjustFare(ctx context.Context, a fares.FareAdjusted) error
}

// EarningsFlows is implemented by *earnings.Service.
type EarningsFlows interface {
	CreditIncentive(ctx context.Context, in earnings.IncentiveEarned) error
	RecordTolls(ctx context.Context, in earnings.TollsReported) error
}

// Handlers holds the services the subject handlers call.
type Handlers struct {
	Fares    FareFlows
	Earnings EarningsFlows
	Accounts accounts.Service
	Notifier notify.Notifier
	Log      *slog.Logger
}

// Routes returns the subject -> handler table.
func (h *Handlers) Routes() events.Routes {
	return events.Routes{
		events.SubjectTripCompleted:      events.Decode(h.tripCompleted),
		events.SubjectTripCancelled:      events.Decode(h.tripCancelled),
		events.SubjectFareAdjusted:       events.Decode(h.fareAdjusted),
		events.SubjectTripRated:          events.Decode(h.tripRated),
		events.SubjectTollsReported:      events.Decode(h.tollsReported),
		events.SubjectBankAccountUpdated: events.Decode(h.bankAccountUpdated),
		events.SubjectDriverDeactivated:  events.Decode(h.driverDeactivated),
		events.SubjectIncentiveEarned:    events.Decode(h.incentiveEarned),
	}
}

func (h *Handlers) tripCompleted(ctx context.Context, _ events.Meta, e events.TripCompleted) error {
	return h.Fares.CompleteTrip(ctx, fares.TripCompleted{
		TripID:      e.TripID,
		RiderID:     e.RiderID,
		DriverID:    e.DriverID,
		FareCents:   e.FareCents,
		Currency:    e.Currency,
		AuthPspRef:  e.AuthPspRef,
		CompletedAt: e.CompletedAt,
	})
}

func (h *Handlers) tripCancelled(ctx context.Context, _ events.Meta, e events.TripCancelled) error {
	return h.Fares.ChargeCancellationFee(ctx, fares.TripCancelled{
		TripID:      e.TripID,
		RiderID:     e.RiderID,
		DriverID:    e.DriverID,
		CancelledBy: e.CancelledBy,
		FeeCents:    e.FeeCents,
		Currency:    e.Currency,
	})
}

func (h *Handlers) fareAdjusted(ctx context.Context, _ events.Meta, e events.FareAdjusted) error {
	err := h.Fares.AdjustFare(ctx, fares.FareAdjusted{
		TripID:       e.TripID,
		AdjustmentID: e.AdjustmentID,
		NewFareCents: e.NewFareCents,
		Reason:       e.Reason,
	})
	if errors.Is(err, fares.ErrFareNotFound) {
		return events.Permanent(err)
	}
	return err
}

// tripRated sends the driver a shout-out for five-star trips with a
// compliment.
func (h *Handlers) tripRated(ctx context.Context, m events.Meta, e events.TripRated) error {
	if e.Stars < 5 || e.Compliment == "" || e.DriverID == uuid.Nil {
		return nil
	}
	key := "rating:" + m.MsgID
	if m.MsgID == "" {
		key = fmt.Sprintf("rating:seq:%d", m.StreamSeq)
	}
	return h.Notifier.Once(ctx, key, e.DriverID, notify.Notice{
		Category: "rating",
		Title:    "A rider left you a compliment",
		Body:     fmt.Sprintf("\u2b50\u2b50\u2b50\u2b50\u2b50 \u201c%s\u201d", e.Compliment),
		Data:     map[string]string{"trip_id": e.TripID},
	})
}

func (h *Handlers) tollsReported(ctx context.Context, _ events.Meta, e events.TollsReported) error {
	in := earnings.TollsReported{TripID: e.TripID, DriverID: e.DriverID, Currency: e.Currency}
	for _, t := range e.Tolls {
		in.Tolls = append(in.Tolls, earnings.Toll{Ref: t.Ref, Plaza: t.Plaza, AmountCents: t.AmountCents})
	}
	return h.Earnings.RecordTolls(ctx, in)
}

func (h *Handlers) bankAccountUpdated(ctx context.Context, _ events.Meta, e events.BankAccountUpdated) error {
	return h.Accounts.UpdateBankAccount(ctx, accounts.BankAccountUpdate{
		DriverID:     e.DriverID,
		PayeeID:      e.PayeeID,
		AccountToken: e.AccountToken,
		Last4:        e.Last4,
		Country:      e.Country,
		Version:      e.Version,
	})
}

func (h *Handlers) driverDeactivated(ctx context.Context, _ events.Meta, e events.DriverDeactivated) error {
	return h.Accounts.Deactivate(ctx, e.DriverID, e.Reason)
}

func (h *Handlers) incentiveEarned(ctx context.Context, _ events.Meta, e events.IncentiveEarned) error {
	return h.Earnings.CreditIncentive(ctx, earnings.IncentiveEarned{
		DriverID:    e.DriverID,
		QuestID:     e.QuestID,
		Period:      e.Period,
		Title:       e.Title,
		AmountCents: e.AmountCents,
		Currency:    e.Currency,
	})
}
