package service

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/haulright/movers/internal/domain"
	"github.com/haulright/movers/internal/jobs"
	"github.com/haulright/movers/internal/repository"
)

// outboxMessage describes a customer notification to be stored with the
// business change that caused it.
type outboxMessage struct {
	BookingID *uuid.UUID
	Channel   domain.Channel
	Template  string
	To        string
	Subject   string
	Body      string
	Key       string
}

func (m outboxMessage) row() *domain.Notification {
	n := &domain.Notification{
		ID:        uuid.New(),
		BookingID: m.BookingID,
		Channel:   m.Channel,
		Template:  m.Template,
		Recipient: m.To,
		Body:      m.Body,
		DedupKey:  m.Template + ":" + m.Key,
		Status:    domain.NotificationPending,
		CreatedAt: time.Now().UTC(),
	}
	if m.Subject != "" {
		s := m.Subject
		n.Subject = &s
	}
	return n
}

// stage writes the notification rows with repo (usually bound to a tx).
func stage(ctx context.Context, repo repository.NotificationRepository, msgs ...outboxMessage) ([]*domain.Notification, error) {
	out := make([]*domain.Notification, 0, len(msgs))
	for _, m := range msgs {
		n, _, err := repo.Enqueue(ctx, m.row())
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// dispatch queues delivery tasks for staged notifications after commit. A
// failure here is logged: the scheduler re-queues pending notifications.
func dispatch(ctx context.Context, q jobs.Enqueuer, log *slog.Logger, ns []*domain.Notification) {
	for _, n := range ns {
		if n.Status != domain.NotificationPending {
			continue
		}
		typ := jobs.TypeNotifySMS
		if n.Channel == domain.ChannelEmail {
			typ = jobs.TypeNotifyEmail
		}
		err := q.Enqueue(ctx, typ, jobs.NotifyPayload{NotificationID: n.ID},
			asynq.TaskID("notify-"+n.ID.String()), asynq.Queue(jobs.QueueNotify), asynq.MaxRetry(8))
		if err != nil {
			log.Warn("notification dispatch deferred", "notification", n.ID, "err", err)
		}
	}
}
