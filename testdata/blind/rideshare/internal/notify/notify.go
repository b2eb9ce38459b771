// Package notify sends push notifications to drivers. The push provider does
// not deduplicate, so callers that may run more than once for the same fact
// use Once with a key derived from that fact.
package notify

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/provider/push"
	"github.com/wayfare/ridepay/internal/store"
)

// Notice is the content of a driver notification.
type Notice struct {
	Category string
	Title    string
	Body     string
	Data     map[string]string
}

// Notifier sends driver notifications.
type Notifier interface {
	// Once records dedupKey and sends the notice only if the key was not
	// seen before. A crash between the record and the send loses the
	// notice rather than repeating it.
	Once(ctx context.Context, dedupKey string, driverID uuid.UUID, n Notice) error
	// Send delivers the notice unconditionally.
	Send(ctx context.Context, driverID uuid.UUID, n Notice) error
}

type service struct {
	drivers store.DriverRepo
	notes   store.NotificationRepo
	sender  push.Sender
	log     *slog.Logger
}

// New returns a Notifier.
func New(drivers store.DriverRepo, notes store.NotificationRepo, sender push.Sender, log *slog.Logger) Notifier {
	return &service{drivers: drivers, notes: notes, sender: sender, log: log}
}

func (s *service) Once(ctx context.Context, dedupKey string, driverID uuid.UUID, n Notice) error {
	claimed, err := s.notes.Claim(ctx, dedupKey, driverID, n.Category)
	if err != nil {
		return err
	}
	if !claimed {
		s.log.DebugContext(ctx, "notification already sent", "dedup_key", dedupKey)
		return nil
	}
	return s.Send(ctx, driverID, n)
}

func (s *service) Send(ctx context.Context, driverID uuid.UUID, n Notice) error {
	d, err := s.drivers.Get(ctx, driverID)
	if err != nil {
		return fmt.Errorf("load driver %s: %w", driverID, err)
	}
	if !d.PushToken.Valid || d.PushToken.String == "" {
		s.log.InfoContext(ctx, "driver has no push token, skipping", "driver_id", driverID, "category", n.Category)
		return nil
	}
	id, err := s.sender.Send(ctx, push.Message{
		Token:    d.PushToken.String,
		Title:    n.Title,
		Body:     n.Body,
		Category: n.Category,
		Data:     n.Data,
		TTL:      86400,
	})
	if err != nil {
		return err
	}
	s.log.DebugContext(ctx, "push sent", "driver_id", driverID, "category", n.Category, "message_id", id)
	return nil
}
