package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/drivewise/carsub/internal/domain"
	"github.com/drivewise/carsub/internal/platform/httpx"
	"github.com/drivewise/carsub/internal/providers/notifier"
)

// maxNotificationAttempts after which a notification is marked failed.
const maxNotificationAttempts = 8

// NotificationDispatcher drains the notifications outbox to Relaynote.
type NotificationDispatcher struct {
	notes     NotificationRepository
	customers CustomerRepository
	notifier  Notifier
	log       *slog.Logger

	BatchSize int
	Lease     time.Duration
}

func NewNotificationDispatcher(notes NotificationRepository, customers CustomerRepository, n Notifier, log *slog.Logger) *NotificationDispatcher {
	return &NotificationDispatcher{
		notes: notes, customers: customers, notifier: n,
		log:       log.With("component", "notify-dispatcher"),
		BatchSize: 50,
		Lease:     2 * time.Minute,
	}
}

// RunOnce sends one batch and reports how many were sent.
func (d *NotificationDispatcher) RunOnce(ctx context.Context) (int, error) {
	batch, err := d.notes.LeaseBatch(ctx, d.BatchSize, d.Lease)
	if err != nil {
		return 0, fmt.Errorf("lease notifications: %w", err)
	}
	sent := 0
	for i := range batch {
		n := &batch[i]
		if err := d.deliver(ctx, n); err != nil {
			final := n.Attempts+1 >= maxNotificationAttempts || isPermanent(err)
			d.log.Warn("notification not delivered", "id", n.ID, "template", n.Template, "final", final, "err", err)
			if mErr := d.notes.MarkFailed(ctx, n.ID, err.Error(), final); mErr != nil {
				return sent, mErr
			}
			continue
		}
		sent++
	}
	return sent, nil
}

func (d *NotificationDispatcher) deliver(ctx context.Context, n *domain.Notification) error {
	cust, err := d.customers.Get(ctx, n.CustomerID)
	if err != nil {
		return err
	}
	to := cust.Email
	if n.Channel == domain.ChannelSMS || n.Channel == domain.ChannelPush {
		to = cust.Phone
	}
	vars := map[string]any{}
	if len(n.Vars) > 0 {
		if err := json.Unmarshal(n.Vars, &vars); err != nil {
			return fmt.Errorf("vars: %w", err)
		}
	}
	receipt, err := d.notifier.Send(ctx, notifier.Message{
		IdempotencyKey: n.ID.String(),
		Channel:        string(n.Channel),
		To:             to,
		Template:       n.Template,
		Vars:           vars,
	})
	if err != nil {
		return err
	}
	return d.notes.MarkSent(ctx, n.ID, receipt.MessageID)
}

func isPermanent(err error) bool {
	var apiErr *httpx.APIError
	return errors.As(err, &apiErr) && !apiErr.Temporary()
}
