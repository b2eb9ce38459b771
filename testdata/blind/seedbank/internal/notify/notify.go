// Package notify sends templated member email through the mail provider,
// retrying transient failures with exponential backoff.
package notify

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/cenkalti/backoff/v4"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/platform/idgen"
	"github.com/furrowline/seedbank/internal/providers/apiclient"
	"github.com/furrowline/seedbank/internal/providers/mailer"
)

// Templates configured at Postmoss.
const (
	TemplateDonationThanks = "donation-thanks-v3"
	TemplateCatalogue      = "seasonal-catalogue-v2"
	TemplateOverdueLoan    = "overdue-harvest-v1"
	TemplateDuesReceipt    = "dues-receipt-v2"
	TemplateRenewalFailed  = "renewal-failed-v1"
)

type (
	// Sender is the subset of the mail client notify needs.
	Sender interface {
		Send(ctx context.Context, m mailer.Message) (*mailer.Receipt, error)
	}
	// AttemptLog records every hand-off attempt for support and
	// deliverability reporting.
	AttemptLog interface {
		Append(ctx context.Context, a *domain.EmailAttempt) error
	}
	// Mailer is what services depend on; *Notifier implements it.
	Mailer interface {
		Send(ctx context.Context, to, template string, vars map[string]any, opts ...Option) (string, error)
	}
)

// Notifier is the outbound email facade.
type Notifier struct {
	sender   Sender
	attempts AttemptLog
	from     string
	log      *slog.Logger
	policy   func() backoff.BackOff
}

func New(sender Sender, attempts AttemptLog, from string, log *slog.Logger) *Notifier {
	return &Notifier{
		sender: sender, attempts: attempts, from: from, log: log,
		policy: func() backoff.BackOff {
			return backoff.WithMaxRetries(backoff.NewExponentialBackOff(
				backoff.WithInitialInterval(300*time.Millisecond),
				backoff.WithMaxElapsedTime(20*time.Second),
			), 4)
		},
	}
}

type sendOptions struct {
	dedupKey string
	tags     []string
}

// Option customises one Send.
type Option func(*sendOptions)

// WithDedupKey asks the provider to drop repeats of the same logical email.
func WithDedupKey(key string) Option {
	return func(o *sendOptions) { o.dedupKey = key }
}

// WithTags labels the message for provider-side analytics.
func WithTags(tags ...string) Option {
	return func(o *sendOptions) { o.tags = append(o.tags, tags...) }
}

// Send renders template for to and hands it to the provider, retrying
// transient provider errors. It returns the provider message id.
func (n *Notifier) Send(ctx context.Context, to, template string, vars map[string]any, opts ...Option) (string, error) {
	var o sendOptions
	for _, opt := range opts {
		opt(&o)
	}
	msg := mailer.Message{
		From:       n.from,
		To:         to,
		TemplateID: template,
		Variables:  vars,
		Tags:       o.tags,
		DedupID:    o.dedupKey,
	}

	attempt := 0
	op := func() (string, error) {
		attempt++
		rcpt, err := n.sender.Send(ctx, msg)
		n.record(ctx, msg, attempt, err)
		if err != nil {
			var apiErr *apiclient.Error
			if errors.As(err, &apiErr) && !apiErr.Temporary() {
				return "", backoff.Permanent(err)
			}
			return "", err
		}
		return rcpt.MessageID, nil
	}
	return backoff.RetryWithData(op, backoff.WithContext(n.policy(), ctx))
}

// record appends one row per attempt. It writes outside any caller
// transaction on purpose: failed attempts must stay visible even when the
// surrounding work rolls back.
func (n *Notifier) record(ctx context.Context, msg mailer.Message, attempt int, sendErr error) {
	row := &domain.EmailAttempt{
		ID:        idgen.New("ema"),
		Recipient: msg.To,
		Template:  msg.TemplateID,
		DedupKey:  msg.DedupID,
		Attempt:   attempt,
	}
	if sendErr != nil {
		row.Error = sendErr.Error()
	}
	if err := n.attempts.Append(context.WithoutCancel(ctx), row); err != nil {
		n.log.WarnContext(ctx, "email attempt not logged", slog.Any("err", err))
	}
}
