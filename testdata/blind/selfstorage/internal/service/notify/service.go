// Package notify sends tenant and manager SMS through the task queue.
package notify

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"text/template"
	"time"

	"github.com/hibiken/asynq"
	"github.com/rs/xid"

	"github.com/baywarden/storagedesk/internal/queue"
	"github.com/baywarden/storagedesk/internal/store"
)

// Notice is one outbound message.
type Notice struct {
	// Key identifies the message; two notices with the same key are the
	// same message.
	Key       string
	RentalID  string
	Template  string
	Recipient string
	Vars      map[string]string
}

// Service queues and delivers notices.
type Service interface {
	Queue(ctx context.Context, n Notice) error
	Deliver(ctx context.Context, n Notice) error
}

// Sender is the SMS provider.
type Sender interface {
	Send(ctx context.Context, to, body string) (string, error)
}

// Notices is the notice log.
type Notices interface {
	Claim(ctx context.Context, n *store.Notice) (bool, error)
	MarkSent(ctx context.Context, key, providerID string) error
	MarkFailed(ctx context.Context, key string) error
}

type service struct {
	q      queue.Enqueuer
	sender Sender
	log    Notices
	tmpl   *template.Template
	logger *slog.Logger
}

func New(q queue.Enqueuer, sender Sender, log Notices, logger *slog.Logger) Service {
	return &service{q: q, sender: sender, log: log, tmpl: parseTemplates(), logger: logger}
}

// Queue schedules delivery of n.
func (s *service) Queue(ctx context.Context, n Notice) error {
	if n.Recipient == "" {
		s.logger.WarnContext(ctx, "notice without recipient", "template", n.Template, "rental", n.RentalID)
		return nil
	}
	if s.tmpl.Lookup(n.Template) == nil {
		return fmt.Errorf("notify: unknown template %q", n.Template)
	}
	if n.Key == "" {
		n.Key = n.Template + ":" + xid.New().String()
	}
	return s.q.Enqueue(ctx, queue.TypeNotify, queue.NotifyPayload{
		Key:       n.Key,
		RentalID:  n.RentalID,
		Template:  n.Template,
		Recipient: n.Recipient,
		Vars:      n.Vars,
	}, queue.ID("notify", n.Key), asynq.Queue(queue.QueueLow), asynq.MaxRetry(5))
}

// Deliver renders and sends n.
func (s *service) Deliver(ctx context.Context, n Notice) error {
	body, err := s.render(n)
	if err != nil {
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	var rentalID *string
	if n.RentalID != "" {
		rentalID = &n.RentalID
	}
	claimed, err := s.log.Claim(ctx, &store.Notice{
		NoticeKey: n.Key,
		RentalID:  rentalID,
		Template:  n.Template,
		Channel:   "sms",
		Recipient: n.Recipient,
		Status:    "sending",
		CreatedAt: time.Now(),
	})
	if err != nil {
		return err
	}
	if !claimed {
		s.logger.InfoContext(ctx, "notice already claimed", "key", n.Key)
		return nil
	}
	id, err := s.sender.Send(ctx, n.Recipient, body)
	if err != nil {
		if mErr := s.log.MarkFailed(ctx, n.Key); mErr != nil {
			s.logger.ErrorContext(ctx, "mark notice failed", "key", n.Key, "err", mErr)
		}
		return fmt.Errorf("send notice %s: %v: %w", n.Key, err, asynq.SkipRetry)
	}
	return s.log.MarkSent(ctx, n.Key, id)
}

func (s *service) render(n Notice) (string, error) {
	var buf bytes.Buffer
	if err := s.tmpl.ExecuteTemplate(&buf, n.Template, n.Vars); err != nil {
		return "", err
	}
	return buf.String(), nil
}

// Render formats a template outside the queue, for messages sent inline.
func Render(name string, vars map[string]string) (string, error) {
	var buf bytes.Buffer
	if err := parseTemplates().ExecuteTemplate(&buf, name, vars); err != nil {
		return "", err
	}
	return buf.String(), nil
}
