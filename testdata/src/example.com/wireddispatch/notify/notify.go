// Package notify tells customers what happened, handing the caller's
// options on to the mail sender.
package notify

import (
	"context"

	"example.com/wireddispatch/mail"
)

// Service sends the notices.
type Service struct{ Mail mail.Sender }

// Failed tells the customer a payment failed.
func (s *Service) Failed(ctx context.Context, to string, opts ...mail.Option) error {
	return s.send(ctx, to, opts)
}

func (s *Service) send(ctx context.Context, to string, opts []mail.Option) error {
	return attempt(func() error { return s.Mail.Send(ctx, to, opts...) })
}

func attempt(op func() error) error { return op() }
