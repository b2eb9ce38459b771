// Package notify delivers SMS and push notifications to attendees.
//
// Transactional SMS go through the notifications table: the row is written
// with the business change that caused it and an sms:send task delivers it.
package notify

import (
	"context"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/store"
	"github.com/loopgate/festival-cashless/internal/tasks"
)

const (
	ChannelSMS  = "sms"
	ChannelPush = "push"

	statusQueued = "queued"
)

// Notice is an outbound message queued for delivery.
type Notice struct {
	AttendeeID *uuid.UUID
	Channel    string
	Recipient  string
	Template   string
	DedupKey   string
	Body       string
}

type Outbox struct {
	store    *store.Store
	enqueuer tasks.Enqueuer
}

func NewOutbox(s *store.Store, enq tasks.Enqueuer) *Outbox {
	return &Outbox{store: s, enqueuer: enq}
}

// QueueIn writes the notice on q. A notice whose dedup key is already
// queued returns the existing row.
func (o *Outbox) QueueIn(ctx context.Context, q *db.Queries, n Notice) (db.Notification, error) {
	row, err := q.QueueNotification(ctx, db.QueueNotificationParams{
		ID:         uuid.New(),
		AttendeeID: n.AttendeeID,
		Channel:    n.Channel,
		Recipient:  n.Recipient,
		Template:   n.Template,
		DedupKey:   n.DedupKey,
		Body:       n.Body,
	})
	if store.NoRows(err) {
		return q.GetNotificationByDedupKey(ctx, n.DedupKey)
	}
	return row, err
}

// Queue writes the notice in its own transaction and dispatches it.
func (o *Outbox) Queue(ctx context.Context, n Notice) error {
	row, err := store.InTxResult(ctx, o.store, func(q *db.Queries) (db.Notification, error) {
		return o.QueueIn(ctx, q, n)
	})
	if err != nil {
		return err
	}
	return o.Dispatch(ctx, row)
}

// Dispatch schedules delivery of a queued notification.
func (o *Outbox) Dispatch(ctx context.Context, n db.Notification) error {
	if n.Status != statusQueued || n.Channel != ChannelSMS {
		return nil
	}
	return tasks.Enqueue(ctx, o.enqueuer, tasks.TypeSMSSend, tasks.SMSSendPayload{NotificationID: n.ID},
		asynq.TaskID("sms:"+n.ID.String()),
		asynq.Queue(tasks.QueueDefault),
		asynq.MaxRetry(8),
	)
}
