package notify

import (
	"context"
	"fmt"

	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/notify/email"
)

// Texter is implemented by *sms.Client.
type Texter interface {
	Send(ctx context.Context, to, body string) (string, error)
}

// Mailer is implemented by *email.Client.
type Mailer interface {
	Send(ctx context.Context, key string, m email.Message) (string, error)
}

type sendFunc func(ctx context.Context, n db.Notification) (providerRef string, err error)

type Dispatcher struct {
	repo    Repository
	senders map[string]sendFunc
}

func NewDispatcher(repo Repository, texter Texter, mailer Mailer) *Dispatcher {
	d := &Dispatcher{repo: repo}
	d.senders = map[string]sendFunc{
		ChannelSMS: func(ctx context.Context, n db.Notification) (string, error) {
			return texter.Send(ctx, n.Recipient, n.Body)
		},
		ChannelEmail: func(ctx context.Context, n db.Notification) (string, error) {
			subject := ""
			if n.Subject != nil {
				subject = *n.Subject
			}
			return mailer.Send(ctx, "notification:"+n.ID, email.Message{
				To:       n.Recipient,
				Subject:  subject,
				TextBody: n.Body,
				Tag:      n.Template,
			})
		},
	}
	return d
}

// Deliver sends one queued notification and marks it sent.
func (d *Dispatcher) Deliver(ctx context.Context, id string) error {
	n, err := d.repo.Get(ctx, id)
	if err != nil {
		return err
	}
	if n.Status == "sent" {
		return nil
	}
	send, ok := d.senders[n.Channel]
	if !ok {
		return fmt.Errorf("notify: no sender for channel %q", n.Channel)
	}
	ref, err := send(ctx, n)
	if err != nil {
		return fmt.Errorf("notify: send %s via %s: %w", n.ID, n.Channel, err)
	}
	return d.repo.MarkSent(ctx, n.ID, ref)
}
