package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/saltline-charters/charterhub/internal/ids"
	"github.com/saltline-charters/charterhub/internal/lookup"
	"github.com/saltline-charters/charterhub/internal/payments"
	"github.com/saltline-charters/charterhub/internal/store"
)

// Weather cancels trips caught by a small-craft or gale warning and
// refunds their customers in full.
type Weather struct {
	q       store.Querier
	tx      TxRunner
	pay     PaymentGateway
	marina  MarinaGateway
	marinas *lookup.Marinas
	now     Clock
	log     *slog.Logger

	// notify tells a customer their trip is off. Swapped for a recorder in
	// the staging build.
	notify func(ctx context.Context, phone, body string) error
}

func NewWeather(q store.Querier, tx TxRunner, pay PaymentGateway, gw MarinaGateway, marinas *lookup.Marinas, sms Texter, now Clock, log *slog.Logger) *Weather {
	return &Weather{q: q, tx: tx, pay: pay, marina: gw, marinas: marinas, now: now, log: log, notify: sms.Send}
}

type Alert struct {
	AlertID   string    `json:"alert_id"`
	Severity  string    `json:"severity"`
	MarinaIDs []string  `json:"marina_ids"`
	StartsAt  time.Time `json:"starts_at"`
	EndsAt    time.Time `json:"ends_at"`
}

// cancelling lists the severities that stop charters going out.
var cancelling = map[string]bool{"small_craft": true, "gale": true, "storm": true}

// ApplyAlert cancels every scheduled trip in the alert's window.
func (s *Weather) ApplyAlert(ctx context.Context, a Alert) error {
	if err := s.q.InsertWeatherAlert(ctx, store.InsertWeatherAlertParams{
		AlertID:   a.AlertID,
		Severity:  a.Severity,
		MarinaIDs: a.MarinaIDs,
		StartsAt:  a.StartsAt,
		EndsAt:    a.EndsAt,
	}); err != nil {
		return err
	}
	if !cancelling[a.Severity] {
		return nil
	}

	trips, err := s.q.ListTripsInWindow(ctx, a.MarinaIDs, a.StartsAt, a.EndsAt)
	if err != nil {
		return err
	}
	for _, t := range trips {
		if err := s.cancelTrip(ctx, a, t); err != nil {
			return fmt.Errorf("trip %s: %w", t.ID, err)
		}
	}

	// Refunds left pending by an earlier delivery of this alert go out
	// again under the key they were first sent with.
	pending, err := s.q.ListPendingRefundsForAlert(ctx, a.AlertID)
	if err != nil {
		return err
	}
	for _, r := range pending {
		if err := s.refund(ctx, r); err != nil {
			return err
		}
	}
	return nil
}

func (s *Weather) cancelTrip(ctx context.Context, a Alert, t store.Trip) error {
	bookings, err := s.q.ListActiveBookingsForTrip(ctx, t.ID)
	if err != nil {
		return err
	}
	for _, b := range bookings {
		body := fmt.Sprintf("Saltline: %s, your trip on %s is cancelled due to a %s warning. Your deposit will be refunded in full.",
			b.CustomerName, t.DepartsAt.Format("Mon 2 Jan 15:04"), a.Severity)
		if err := s.notify(ctx, b.Phone, body); err != nil {
			return fmt.Errorf("notify %s: %w", b.BookingID, err)
		}
		if err := s.tx.InTx(ctx, func(q store.Querier) error {
			return s.cancelBooking(ctx, q, a, t, b)
		}); err != nil {
			return err
		}
	}

	if err := s.releaseBerth(ctx, t); err != nil {
		return err
	}
	return s.q.SetTripStatus(ctx, t.ID, "weather_hold")
}

func (s *Weather) cancelBooking(ctx context.Context, q store.Querier, a Alert, t store.Trip, b store.BookingContact) error {
	n, err := q.CancelBooking(ctx, b.BookingID, s.now())
	if err != nil || n == 0 {
		return err
	}
	if err := q.ReleaseBookedSeats(ctx, t.ID, b.Seats); err != nil {
		return err
	}
	if err := q.InsertCancellation(ctx, b.BookingID, "weather", a.AlertID); err != nil {
		return err
	}
	dep, err := q.GetDepositByBooking(ctx, b.BookingID)
	if store.IsNotFound(err) || (err == nil && dep.ChargeID == nil) {
		return nil
	}
	if err != nil {
		return err
	}
	alertID := a.AlertID
	_, err = q.InsertRefund(ctx, store.InsertRefundParams{
		ID:          ids.Derive("refund", b.BookingID),
		BookingID:   b.BookingID,
		AlertID:     &alertID,
		ChargeID:    *dep.ChargeID,
		AmountCents: dep.AmountCents,
	})
	return err
}

func (s *Weather) refund(ctx context.Context, r store.Refund) error {
	out, err := s.pay.Refund(ctx, payments.RefundParams{
		ChargeID:       r.ChargeID,
		AmountCents:    r.AmountCents,
		Reason:         "weather_cancellation",
		IdempotencyKey: "refund:" + r.ID,
	})
	if err != nil {
		return fmt.Errorf("refund %s: %w", r.ID, err)
	}
	return s.q.MarkRefundIssued(ctx, r.ID, out.ID)
}

// releaseBerth gives the trip's berth back to the marina. The partner
// answers 404 for a berth that is already released, which the client
// reports as success.
func (s *Weather) releaseBerth(ctx context.Context, t store.Trip) error {
	br, err := s.q.GetBerthRequestByTrip(ctx, t.ID)
	if store.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if br.PartnerRef == nil || br.Status == "released" {
		return nil
	}
	m, err := s.marinas.Get(ctx, br.MarinaID)
	if err != nil {
		return err
	}
	if err := s.marina.ReleaseBerth(ctx, m.PartnerCode, *br.PartnerRef); err != nil {
		return fmt.Errorf("release berth %s: %w", br.ID, err)
	}
	return s.q.SetBerthStatus(ctx, br.ID, "released")
}

// LiftAlert reopens trips held back by an alert once the warning is lifted.
func (s *Weather) LiftAlert(ctx context.Context, alertID string, liftedAt time.Time) (int64, error) {
	a, err := s.q.GetWeatherAlert(ctx, alertID)
	if err != nil {
		return 0, notFound("weather alert", err)
	}
	return InTxResult(ctx, s.tx, func(q store.Querier) (int64, error) {
		if err := q.InsertAlertLift(ctx, a.AlertID, liftedAt); err != nil {
			return 0, err
		}
		return q.ReopenWeatherTrips(ctx, a.MarinaIDs, a.StartsAt, a.EndsAt)
	})
}
