package notify

import (
	"context"

	"github.com/tiedknot/registry/internal/db"
	"github.com/tiedknot/registry/internal/platform/metrics"
	"github.com/tiedknot/registry/internal/providers/mailer"
)

const svcName = "notify"

type instrumented struct {
	next Service
	rec  *metrics.Recorder
}

// WithMetrics decorates a Service with call metrics.
func WithMetrics(next Service, rec *metrics.Recorder) Service {
	return &instrumented{next: next, rec: rec}
}

func (m *instrumented) ComposeThankYou(ctx context.Context, ownerID, registryID string, in ThankYouInput) (db.ThankYouNote, bool, error) {
	var created bool
	note, err := metrics.Track(m.rec, svcName, "ComposeThankYou", func() (db.ThankYouNote, error) {
		var (
			n   db.ThankYouNote
			err error
		)
		n, created, err = m.next.ComposeThankYou(ctx, ownerID, registryID, in)
		return n, err
	})
	return note, created, err
}

func (m *instrumented) SendThankYou(ctx context.Context, noteID string) error {
	return metrics.TrackErr(m.rec, svcName, "SendThankYou", func() error {
		return m.next.SendThankYou(ctx, noteID)
	})
}

func (m *instrumented) SendContributionReceipt(ctx context.Context, contributionID string) error {
	return metrics.TrackErr(m.rec, svcName, "SendContributionReceipt", func() error {
		return m.next.SendContributionReceipt(ctx, contributionID)
	})
}

func (m *instrumented) SendDueDigests(ctx context.Context) (int, error) {
	return metrics.Track(m.rec, svcName, "SendDueDigests", func() (int, error) {
		return m.next.SendDueDigests(ctx)
	})
}

func (m *instrumented) AnnounceRegistry(ctx context.Context, registryID string) error {
	return metrics.TrackErr(m.rec, svcName, "AnnounceRegistry", func() error {
		return m.next.AnnounceRegistry(ctx, registryID)
	})
}

func (m *instrumented) InvitedEmails(ctx context.Context, registryID string) (map[string]bool, error) {
	return metrics.Track(m.rec, svcName, "InvitedEmails", func() (map[string]bool, error) {
		return m.next.InvitedEmails(ctx, registryID)
	})
}

func (m *instrumented) RecordInvitations(ctx context.Context, registryID string, guests []Guest) error {
	return metrics.TrackErr(m.rec, svcName, "RecordInvitations", func() error {
		return m.next.RecordInvitations(ctx, registryID, guests)
	})
}

func (m *instrumented) HandleDeliveryEvent(ctx context.Context, evt mailer.Event, raw []byte) error {
	return metrics.TrackErr(m.rec, svcName, "HandleDeliveryEvent", func() error {
		return m.next.HandleDeliveryEvent(ctx, evt, raw)
	})
}
