package access

import (
	"context"
	"time"

	"github.com/baywarden/storagedesk/internal/domain"
	"github.com/baywarden/storagedesk/internal/platform/metrics"
)

// Instrumented wraps a Service with call metrics.
func Instrumented(next Service, m *metrics.Metrics) Service {
	return &instrumented{next: next, m: m}
}

type instrumented struct {
	next Service
	m    *metrics.Metrics
}

func (d *instrumented) SetCode(ctx context.Context, rentalID, pin string) (c *domain.AccessCode, err error) {
	defer func(t time.Time) { d.m.Observe("access", "SetCode", t, err) }(time.Now())
	return d.next.SetCode(ctx, rentalID, pin)
}

func (d *instrumented) PushCode(ctx context.Context, rentalID string, version int) (err error) {
	defer func(t time.Time) { d.m.Observe("access", "PushCode", t, err) }(time.Now())
	return d.next.PushCode(ctx, rentalID, version)
}

func (d *instrumented) RevokeAccess(ctx context.Context, rentalID string) (err error) {
	defer func(t time.Time) { d.m.Observe("access", "RevokeAccess", t, err) }(time.Now())
	return d.next.RevokeAccess(ctx, rentalID)
}

func (d *instrumented) PlaceOverlock(ctx context.Context, unitID, reason, placedBy string) (o *domain.Overlock, err error) {
	defer func(t time.Time) { d.m.Observe("access", "PlaceOverlock", t, err) }(time.Now())
	return d.next.PlaceOverlock(ctx, unitID, reason, placedBy)
}

func (d *instrumented) ReleaseOverlock(ctx context.Context, unitID, releasedBy string) (o *domain.Overlock, err error) {
	defer func(t time.Time) { d.m.Observe("access", "ReleaseOverlock", t, err) }(time.Now())
	return d.next.ReleaseOverlock(ctx, unitID, releasedBy)
}

func (d *instrumented) OverlockDelinquent(ctx context.Context, rentalID, invoiceID string) (err error) {
	defer func(t time.Time) { d.m.Observe("access", "OverlockDelinquent", t, err) }(time.Now())
	return d.next.OverlockDelinquent(ctx, rentalID, invoiceID)
}

func (d *instrumented) RecordAccess(ctx context.Context, ev domain.GateEvent) (err error) {
	defer func(t time.Time) { d.m.Observe("access", "RecordAccess", t, err) }(time.Now())
	return d.next.RecordAccess(ctx, ev)
}

func (d *instrumented) HandleDenied(ctx context.Context, ev domain.GateEvent) (err error) {
	defer func(t time.Time) { d.m.Observe("access", "HandleDenied", t, err) }(time.Now())
	return d.next.HandleDenied(ctx, ev)
}

func (d *instrumented) HandleDoor(ctx context.Context, ev domain.GateEvent) (err error) {
	defer func(t time.Time) { d.m.Observe("access", "HandleDoor", t, err) }(time.Now())
	return d.next.HandleDoor(ctx, ev)
}

func (d *instrumented) ConfirmCodeSync(ctx context.Context, ev domain.GateEvent) (err error) {
	defer func(t time.Time) { d.m.Observe("access", "ConfirmCodeSync", t, err) }(time.Now())
	return d.next.ConfirmCodeSync(ctx, ev)
}
