// Package service implements the marketplace use cases. HTTP handlers,
// webhook receivers, task handlers and cron jobs call into it.
package service

import (
	"context"

	"github.com/hibiken/asynq"

	"github.com/polyglotdesk/marketplace/internal/providers/mailer"
	"github.com/polyglotdesk/marketplace/internal/providers/objectstore"
	"github.com/polyglotdesk/marketplace/internal/tasks"
)

// Notifications enqueues templated emails for the notify worker.
type Notifications struct {
	q tasks.Enqueuer
}

// NewNotifications builds the notification helper.
func NewNotifications(q tasks.Enqueuer) *Notifications {
	return &Notifications{q: q}
}

// Email enqueues msg. When msg.Key is set it also becomes the task ID, so a
// notification with a given key is queued once.
func (n *Notifications) Email(ctx context.Context, msg tasks.NotifyEmail, opts ...asynq.Option) error {
	if msg.Key != "" {
		opts = append([]asynq.Option{asynq.TaskID("notify:" + msg.Key)}, opts...)
	}
	_, err := n.q.Enqueue(ctx, tasks.TypeNotifyEmail, msg, opts...)
	return err
}

// EmailDeliverer sends queued notifications through the mail provider.
type EmailDeliverer struct {
	mail  mailer.Sender
	files objectstore.Store
}

// NewEmailDeliverer builds the deliverer used by the notify worker.
func NewEmailDeliverer(mail mailer.Sender, files objectstore.Store) *EmailDeliverer {
	return &EmailDeliverer{mail: mail, files: files}
}

// Deliver sends msg with key as the provider idempotency key.
func (d *EmailDeliverer) Deliver(ctx context.Context, key string, msg tasks.NotifyEmail) error {
	atts := make([]mailer.Attachment, 0, len(msg.Attachments))
	for _, a := range msg.Attachments {
		atts = append(atts, mailer.Attachment{Name: a.Name, ContentType: a.ContentType, URL: d.files.PublicURL(a.ObjectKey)})
	}
	_, err := d.mail.Send(ctx, mailer.Email{
		To:             msg.To,
		Template:       msg.Template,
		Data:           msg.Data,
		Attachments:    atts,
		IdempotencyKey: key,
	})
	return err
}
