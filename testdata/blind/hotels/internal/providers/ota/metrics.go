package ota

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/harbourline/hotels/internal/platform/metrics"
)

// instrumented decorates a Client with call counts and latencies.
type instrumented struct {
	next Client
	rec  metrics.Recorder
	now  func() time.Time
}

// WithMetrics wraps next so every call is recorded.
func WithMetrics(next Client, rec metrics.Recorder) Client {
	return &instrumented{next: next, rec: rec, now: time.Now}
}

func (m *instrumented) observe(op, channel string, start time.Time, err error) {
	outcome := "ok"
	var apiErr *APIError
	switch {
	case errors.As(err, &apiErr):
		outcome = strconv.Itoa(apiErr.Status)
	case err != nil:
		outcome = "error"
	}
	m.rec.Inc("ota_calls", op, channel, outcome)
	m.rec.Observe("ota_call_latency", m.now().Sub(start), op, channel)
}

func (m *instrumented) PushAvailability(ctx context.Context, channel string, upd AvailabilityUpdate) (err error) {
	defer func(start time.Time) { m.observe("push_availability", channel, start, err) }(m.now())
	return m.next.PushAvailability(ctx, channel, upd)
}

func (m *instrumented) AckReservation(ctx context.Context, channel, channelRef, localID string) (err error) {
	defer func(start time.Time) { m.observe("ack_reservation", channel, start, err) }(m.now())
	return m.next.AckReservation(ctx, channel, channelRef, localID)
}

func (m *instrumented) CreatePartnerBooking(ctx context.Context, channel string, req PartnerBookingRequest) (b *PartnerBooking, err error) {
	defer func(start time.Time) { m.observe("partner_booking", channel, start, err) }(m.now())
	return m.next.CreatePartnerBooking(ctx, channel, req)
}

func (m *instrumented) PayCommission(ctx context.Context, channel string, p CommissionPayment) (r *CommissionReceipt, err error) {
	defer func(start time.Time) { m.observe("pay_commission", channel, start, err) }(m.now())
	return m.next.PayCommission(ctx, channel, p)
}

func (m *instrumented) Channels() []string { return m.next.Channels() }
