// Package notify renders patron-facing emails and hands them to the
// mail provider.
package notify

import (
	"context"
	"fmt"
	"time"

	"github.com/harborlight-symphony/encore/internal/clients/mailer"
	"github.com/harborlight-symphony/encore/internal/domain"
)

// Sender is the subset of the mailer client used here.
type Sender interface {
	Send(ctx context.Context, m mailer.Message) (*mailer.Receipt, error)
}

// Notifier sends the orchestra's transactional emails.
type Notifier struct {
	mail   Sender
	domain string
}

// New builds a Notifier; mailDomain is the right-hand side of generated
// Message-IDs.
func New(mail Sender, mailDomain string) *Notifier {
	return &Notifier{mail: mail, domain: mailDomain}
}

// Domain returns the Message-ID domain, for callers building their own ids.
func (n *Notifier) Domain() string { return n.domain }

// OrderConfirmation emails the patron their tickets. The Message-ID is
// derived from the order so repeated calls collapse at the provider.
func (n *Notifier) OrderConfirmation(ctx context.Context, o *domain.Order, perf *domain.Performance, tickets []domain.Ticket) error {
	seats := make([]string, 0, len(tickets))
	for _, t := range tickets {
		seats = append(seats, t.SeatLabel)
	}
	_, err := n.mail.Send(ctx, mailer.Message{
		MessageID: mailer.MessageID("order-"+o.ID+".confirmation", n.domain),
		To:        o.Email,
		Template:  "order-confirmation",
		Variables: map[string]any{
			"order_id":    o.ID,
			"performance": perf.Title,
			"venue":       perf.Venue,
			"starts_at":   perf.StartsAt.Format(time.RFC1123),
			"seats":       seats,
			"total":       formatCents(o.TotalCents),
		},
		Tags: []string{"box-office", "confirmation"},
	})
	return err
}

// Reminder is the data for an upcoming-installment email.
type Reminder struct {
	MessageID   string
	Email       string
	Name        string
	SeqNo       int
	DueOn       time.Time
	AmountCents int64
}

// InstallmentReminder tells a subscriber their next installment is due.
func (n *Notifier) InstallmentReminder(ctx context.Context, r Reminder) error {
	_, err := n.mail.Send(ctx, mailer.Message{
		MessageID: r.MessageID,
		To:        r.Email,
		ToName:    r.Name,
		Template:  "installment-reminder",
		Variables: map[string]any{
			"name":   r.Name,
			"number": r.SeqNo,
			"due_on": r.DueOn.Format("January 2"),
			"amount": formatCents(r.AmountCents),
		},
		Tags: []string{"subscriptions", "reminder"},
	})
	return err
}

// Welcome is the data for the new-subscriber email.
type Welcome struct {
	MessageID    string
	Email        string
	Name         string
	PackageCode  string
	Seats        int
	Installments int
	TotalCents   int64
}

// SubscriptionWelcome greets a new subscriber.
func (n *Notifier) SubscriptionWelcome(ctx context.Context, w Welcome) error {
	_, err := n.mail.Send(ctx, mailer.Message{
		MessageID: w.MessageID,
		To:        w.Email,
		ToName:    w.Name,
		Template:  "subscription-welcome",
		Variables: map[string]any{
			"name":         w.Name,
			"package":      w.PackageCode,
			"seats":        w.Seats,
			"installments": w.Installments,
			"total":        formatCents(w.TotalCents),
		},
		Tags: []string{"subscriptions", "welcome"},
	})
	return err
}

func formatCents(c int64) string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s$%d.%02d", sign, c/100, c%100)
}
