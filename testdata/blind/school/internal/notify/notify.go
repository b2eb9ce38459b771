// Package notify sends SMS and e-mail to students and teachers.
package notify

import (
	"context"
	"log/slog"
	"time"

	"github.com/lingua/academy/internal/notify/email"
	"github.com/lingua/academy/internal/notify/sms"
)

// Notifier is what services use to reach people.
type Notifier interface {
	SMS(ctx context.Context, to, body string, opts ...Option) (string, error)
	Email(ctx context.Context, to, subject, html string, opts ...Option) (string, error)
}

type options struct {
	reference   string
	tags        map[string]string
	attachments []email.Attachment
}

// Option customises one message.
type Option func(*options)

// WithReference sets the SMS gateway reference for the message.
func WithReference(ref string) Option { return func(o *options) { o.reference = ref } }

// WithTag adds an e-mail tag used for analytics.
func WithTag(k, v string) Option {
	return func(o *options) {
		if o.tags == nil {
			o.tags = map[string]string{}
		}
		o.tags[k] = v
	}
}

// WithAttachment attaches a file to an e-mail.
func WithAttachment(a email.Attachment) Option {
	return func(o *options) { o.attachments = append(o.attachments, a) }
}

type gateways struct {
	sms         *sms.Client
	email       *email.Client
	smsCallback string
}

// New builds a Notifier over the SMS gateway and e-mail API.
func New(s *sms.Client, e *email.Client, smsStatusCallback string) Notifier {
	return &gateways{sms: s, email: e, smsCallback: smsStatusCallback}
}

func (g *gateways) SMS(ctx context.Context, to, body string, opts ...Option) (string, error) {
	var o options
	for _, fn := range opts {
		fn(&o)
	}
	return g.sms.Send(ctx, sms.Message{To: to, Body: body, Reference: o.reference, Callback: g.smsCallback})
}

func (g *gateways) Email(ctx context.Context, to, subject, html string, opts ...Option) (string, error) {
	var o options
	for _, fn := range opts {
		fn(&o)
	}
	return g.email.Send(ctx, email.Message{
		To: []string{to}, Subject: subject, HTML: html, Tags: o.tags, Attachments: o.attachments,
	})
}

// Logged decorates a Notifier with structured logs and timings.
func Logged(next Notifier, log *slog.Logger) Notifier {
	return &logged{next: next, log: log}
}

type logged struct {
	next Notifier
	log  *slog.Logger
}

func (l *logged) SMS(ctx context.Context, to, body string, opts ...Option) (string, error) {
	start := time.Now()
	id, err := l.next.SMS(ctx, to, body, opts...)
	l.log.InfoContext(ctx, "sms sent", "to", mask(to), "id", id, "took", time.Since(start), "err", err)
	return id, err
}

func (l *logged) Email(ctx context.Context, to, subject, html string, opts ...Option) (string, error) {
	start := time.Now()
	id, err := l.next.Email(ctx, to, subject, html, opts...)
	l.log.InfoContext(ctx, "email sent", "to", mask(to), "subject", subject, "id", id,
		"took", time.Since(start), "err", err)
	return id, err
}

func mask(s string) string {
	if len(s) <= 4 {
		return "****"
	}
	return "****" + s[len(s)-4:]
}
