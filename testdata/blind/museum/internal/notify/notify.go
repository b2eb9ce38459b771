// Package notify renders customer notifications and hands them to the
// email provider.
package notify

import (
	"context"
	"fmt"

	"github.com/northgate-museums/visitor-platform/internal/providers/messaging"
)

const (
	TemplateETickets        = "e-tickets-v3"
	TemplateTaxReceipt      = "donation-tax-receipt-v2"
	TemplateReceiptResend   = "donation-tax-receipt-copy-v1"
	TemplateGroupVisitPack  = "group-visit-pack-v4"
	TemplateRenewalReminder = "membership-renewal-reminder-v2"
	TemplateMembershipCard  = "membership-card-dispatched-v1"
)

// Mailer is satisfied by messaging.EmailClient.
type Mailer interface {
	Send(ctx context.Context, e messaging.Email, opts ...messaging.SendOption) (*messaging.SendResult, error)
}

type notice struct {
	key         string
	tags        []string
	attachments []messaging.Attachment
	metadata    map[string]string
}

type Option func(*notice)

// Key makes the provider drop repeats of this notification.
func Key(k string) Option { return func(n *notice) { n.key = k } }

func Tag(t string) Option { return func(n *notice) { n.tags = append(n.tags, t) } }

func Attach(a messaging.Attachment) Option {
	return func(n *notice) { n.attachments = append(n.attachments, a) }
}

func Meta(k, v string) Option {
	return func(n *notice) {
		if n.metadata == nil {
			n.metadata = map[string]string{}
		}
		n.metadata[k] = v
	}
}

type Notifier struct {
	mailer Mailer
}

func NewNotifier(m Mailer) *Notifier { return &Notifier{mailer: m} }

// Notify sends template to a single recipient.
func (n *Notifier) Notify(ctx context.Context, template, to string, data map[string]any, opts ...Option) (string, error) {
	var nt notice
	for _, o := range opts {
		o(&nt)
	}
	email := messaging.Email{
		To:          []string{to},
		Template:    template,
		Data:        data,
		Attachments: nt.attachments,
		Tags:        nt.tags,
		Metadata:    nt.metadata,
	}
	var sendOpts []messaging.SendOption
	if nt.key != "" {
		sendOpts = append(sendOpts, messaging.WithIdempotencyKey(nt.key))
	}
	res, err := n.mailer.Send(ctx, email, sendOpts...)
	if err != nil {
		return "", fmt.Errorf("notify %s: %w", template, err)
	}
	return res.MessageID, nil
}
