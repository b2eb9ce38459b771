// Package notify owns outbound policyholder notifications: queueing them
// transactionally, delivering them through the messaging provider, and
// applying delivery receipts.
package notify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river"

	"github.com/pawsure/premiums/internal/db"
	"github.com/pawsure/premiums/internal/ids"
	"github.com/pawsure/premiums/internal/jobs"
	"github.com/pawsure/premiums/internal/provider/messaging"
)

// Request describes a notification to queue.
type Request struct {
	// DedupKey identifies the business event, e.g. "claim-received:<claim id>".
	// Queueing the same key twice produces one notification.
	DedupKey       string
	PolicyholderID string
	Channel        messaging.Channel
	Template       string
	Params         map[string]string
}

// Queuer queues notifications inside a caller's transaction.
type Queuer interface {
	QueueTx(ctx context.Context, q *db.Queries, req Request) error
}

type queuer struct {
	jobs jobs.Enqueuer
}

func NewQueuer(e jobs.Enqueuer) Queuer { return &queuer{jobs: e} }

func (n *queuer) QueueTx(ctx context.Context, q *db.Queries, req Request) error {
	params, err := json.Marshal(req.Params)
	if err != nil {
		return err
	}
	row := db.Notification{
		ID:             ids.New("ntf"),
		DedupKey:       req.DedupKey,
		PolicyholderID: req.PolicyholderID,
		Channel:        string(req.Channel),
		Template:       req.Template,
		Params:         params,
	}
	inserted, err := q.InsertNotificationOnce(ctx, row)
	if err != nil {
		return fmt.Errorf("insert notification: %w", err)
	}
	if !inserted {
		return nil
	}
	return n.jobs.EnqueueTx(ctx, q, jobs.SendNotificationArgs{NotificationID: row.ID}, nil)
}

// Service delivers notifications and applies receipts.
type Service interface {
	Deliver(ctx context.Context, notificationID string, attempt int) error
	ApplyReceipt(ctx context.Context, r Receipt) error
}

type Receipt struct {
	ProviderMessageID string
	Status            string
	ErrorCode         string
	Raw               []byte
}

type service struct {
	store  *db.Store
	sender messaging.Sender
	log    *slog.Logger
}

func NewService(store *db.Store, sender messaging.Sender, log *slog.Logger) Service {
	return &service{store: store, sender: sender, log: log}
}

// ErrNoAddress means the policyholder has no address for the channel; the
// notification is dropped rather than retried.
var ErrNoAddress = errors.New("notify: no address for channel")

func (s *service) Deliver(ctx context.Context, notificationID string, attempt int) error {
	n, err := s.store.GetNotification(ctx, notificationID)
	if err != nil {
		return err
	}
	if n.Status != "queued" {
		return nil
	}
	ph, err := s.store.GetPolicyholder(ctx, n.PolicyholderID)
	if err != nil {
		return err
	}
	to := ph.Email
	if messaging.Channel(n.Channel) == messaging.SMS {
		if !ph.Phone.Valid {
			s.logAttempt(ctx, n.ID, attempt, "skipped", ErrNoAddress.Error())
			return river.JobCancel(ErrNoAddress)
		}
		to = ph.Phone.String
	}
	var params map[string]string
	_ = json.Unmarshal(n.Params, &params)

	res, err := s.sender.Send(ctx, messaging.Message{
		ClientMessageID: n.ID,
		Channel:         messaging.Channel(n.Channel),
		To:              to,
		Template:        n.Template,
		Params:          params,
	})
	if err != nil {
		s.logAttempt(ctx, n.ID, attempt, "error", err.Error())
		return err
	}
	s.logAttempt(ctx, n.ID, attempt, "sent", res.MessageID)
	return s.store.MarkNotificationSent(ctx, n.ID, res.MessageID)
}

// logAttempt appends to the attempt log; failures are only logged.
func (s *service) logAttempt(ctx context.Context, notificationID string, attempt int, outcome, detail string) {
	if err := s.store.InsertNotificationAttempt(ctx, ids.UUID(), notificationID, attempt, outcome, detail); err != nil {
		s.log.Warn("notification attempt log failed", "notification_id", notificationID, "err", err)
	}
}

func (s *service) ApplyReceipt(ctx context.Context, r Receipt) error {
	status := map[string]string{
		"delivered":   "delivered",
		"undelivered": "failed",
		"failed":      "failed",
		"sent":        "sent",
	}[r.Status]
	if status == "" {
		status = "sent"
	}
	var code *string
	if r.ErrorCode != "" {
		code = &r.ErrorCode
	}
	return s.store.ExecTx(ctx, func(q *db.Queries) error {
		if err := q.InsertDeliveryReceipt(ctx, ids.New("rcpt"), r.ProviderMessageID, r.Status, code, r.Raw); err != nil {
			return err
		}
		return q.MarkNotificationByProviderID(ctx, r.ProviderMessageID, status)
	})
}
