package notifications

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jmoiron/sqlx"

	"github.com/harvestloop/farmshare/internal/platform/events"
	"github.com/harvestloop/farmshare/internal/providers/mailer"
)

// Mailer sends email.
type Mailer interface {
	Send(ctx context.Context, e mailer.Email, opts ...mailer.SendOption) (*mailer.Sent, error)
}

// Texter sends SMS.
type Texter interface {
	Send(ctx context.Context, to, text string) (string, error)
}

// Consumers holds the notification event handlers.
type Consumers struct {
	db    *sqlx.DB
	store Store
	mail  Mailer
	sms   Texter
	log   *slog.Logger
}

// NewConsumers builds the handlers.
func NewConsumers(db *sqlx.DB, mail Mailer, sms Texter, log *slog.Logger) *Consumers {
	return &Consumers{db: db, mail: mail, sms: sms, log: log}
}

// Welcome emails a member who just subscribed.
func (c *Consumers) Welcome(ctx context.Context, evt events.SubscriptionCreated) error {
	r, err := c.store.Recipient(ctx, c.db, evt.MemberID)
	if err != nil {
		return err
	}
	sent, err := c.mail.Send(ctx, mailer.Email{
		To:      r.Email,
		Subject: "Welcome to Harvest Loop",
		Text: fmt.Sprintf("Hi %s,\n\nYour first box arrives the week of %s. You can swap items or skip a week any time before Friday.\n",
			r.Name, evt.StartsOn.Format("2 January")),
		Stream: "members",
	}, mailer.WithIdempotencyKey("welcome-"+evt.SubscriptionID), mailer.WithTag("welcome"))
	if err != nil {
		return err
	}
	return c.store.LogSent(ctx, c.db, r.MemberID, "welcome", evt.SubscriptionID, "email", sent.MessageID)
}

// PaymentFailed texts a member whose card was declined.
func (c *Consumers) PaymentFailed(ctx context.Context, evt events.InvoicePaymentFailed) error {
	r, err := c.store.Recipient(ctx, c.db, evt.MemberID)
	if err != nil {
		return err
	}
	if r.Phone == nil {
		c.log.Info("no phone for dunning notice", "member", r.MemberID)
		return nil
	}
	text := "Harvest Loop: we couldn't take payment for this week's box. Please update your card in the app so we can keep your box coming."
	if evt.DeclineCode == "uncollectible" || evt.Attempt >= 4 {
		text = "Harvest Loop: we've paused your box because payment failed several times. Update your card in the app to restart."
	}
	msgID, err := c.sms.Send(ctx, *r.Phone, text)
	if err != nil {
		return fmt.Errorf("send dunning sms: %w", err)
	}
	return c.store.RecordDunning(ctx, c.db, evt.InvoiceID, evt.Attempt, "sms", msgID)
}
