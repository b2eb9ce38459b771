// Package consumers holds the handlers for marketplace events read from the
// Redis stream.
package consumers

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/gearloop/rentals/internal/domain"
	"github.com/gearloop/rentals/internal/events"
	"github.com/gearloop/rentals/internal/ids"
	"github.com/gearloop/rentals/internal/service"
	"github.com/gearloop/rentals/internal/store"
	"github.com/gearloop/rentals/internal/tasks"
)

type handlers struct {
	rdb           *redis.Client
	messaging     service.Messaging
	cancellations service.Cancellations
	payouts       service.Payouts
	listings      service.Listings
	tasks         tasks.Enqueuer
	audit         store.AuditRepo
	log           *slog.Logger
}

// NewRoutes builds the event routing table.
func NewRoutes(rdb *redis.Client, m service.Messaging, c service.Cancellations, p service.Payouts,
	l service.Listings, tq tasks.Enqueuer, repos store.Repos, log *slog.Logger) events.Routes {
	h := &handlers{
		rdb: rdb, messaging: m, cancellations: c, payouts: p, listings: l,
		tasks: tq, audit: repos.Audit, log: log,
	}
	return events.Routes{
		domain.EventBookingConfirmed: h.onBookingConfirmed,
		domain.EventBookingCancelled: events.SkipSeen(rdb, 72*time.Hour, h.onBookingCancelled),
		domain.EventBookingCompleted: h.onBookingCompleted,
		domain.EventClaimFiled:       h.onClaimFiled,
		domain.EventKYCApproved:      h.onKYCApproved,
	}
}

func attr(d events.Delivery, key string) (string, error) {
	v := d.Event.Attrs[key]
	if v == "" {
		return "", fmt.Errorf("%s event %s: missing %s", d.Event.Type, d.Event.ID, key)
	}
	return v, nil
}

func (h *handlers) onBookingConfirmed(ctx context.Context, d events.Delivery) error {
	bookingID, err := attr(d, "booking_id")
	if err != nil {
		return err
	}
	return h.messaging.PostBookingConfirmed(ctx, bookingID)
}

func (h *handlers) onBookingCancelled(ctx context.Context, d events.Delivery) error {
	bookingID, err := attr(d, "booking_id")
	if err != nil {
		return err
	}
	return h.cancellations.ReleaseResources(ctx, bookingID)
}

func (h *handlers) onBookingCompleted(ctx context.Context, d events.Delivery) error {
	bookingID, err := attr(d, "booking_id")
	if err != nil {
		return err
	}
	return h.payouts.Prepare(ctx, bookingID)
}

func (h *handlers) onClaimFiled(ctx context.Context, d events.Delivery) error {
	claimID, err := attr(d, "claim_id")
	if err != nil {
		return err
	}
	correlationID := ids.NewUUID()
	h.log.InfoContext(ctx, "queueing claim review",
		"claim_id", claimID, "stream_id", d.StreamID, "correlation_id", correlationID)
	return h.tasks.ClaimReview(ctx, claimID, tasks.WithTaskID(correlationID))
}

func (h *handlers) onKYCApproved(ctx context.Context, d events.Delivery) error {
	userID, err := attr(d, "user_id")
	if err != nil {
		return err
	}
	n, err := h.listings.ActivateOwnerListings(ctx, userID)
	if err != nil {
		return err
	}
	entry := store.AuditEntry{
		ID:        ids.NewULID(),
		Source:    "events",
		Action:    "listings_activated",
		Subject:   userID,
		Detail:    fmt.Sprintf("activated=%d stream_id=%s", n, d.StreamID),
		CreatedAt: time.Now().UTC(),
	}
	if err := h.audit.Append(ctx, entry); err != nil {
		h.log.WarnContext(ctx, "audit append failed", "err", err)
	}
	return nil
}
