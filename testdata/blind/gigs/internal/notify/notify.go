// Package notify renders and sends the party-facing emails of escrow flows.
package notify

import (
	"context"
	"fmt"
	"strconv"

	"github.com/gigbridge/escrow/internal/provider/mailer"
	"github.com/gigbridge/escrow/internal/store"
)

// Sender is the mail transport.
type Sender interface {
	Send(ctx context.Context, m mailer.Message) (string, error)
}

// Notifier sends templated notifications.
type Notifier struct {
	mail       Sender
	appBaseURL string
}

func New(mail Sender, appBaseURL string) *Notifier {
	return &Notifier{mail: mail, appBaseURL: appBaseURL}
}

// DisputeOpened tells both parties that a dispute was opened on a milestone
// and links them to the evidence page.
func (n *Notifier) DisputeOpened(ctx context.Context, c store.Contract, m store.Milestone, reason string) error {
	vars := map[string]string{
		"milestone_title": m.Title,
		"amount":          strconv.FormatInt(m.AmountMinor, 10),
		"currency":        m.Currency,
		"reason":          reason,
		"link":            fmt.Sprintf("%s/contracts/%s/milestones/%s/dispute", n.appBaseURL, c.ID, m.ID),
	}
	for _, to := range []string{c.ClientEmail, c.FreelancerEmail} {
		if _, err := n.mail.Send(ctx, mailer.Message{To: to, Template: "dispute_opened", Vars: vars}); err != nil {
			return fmt.Errorf("notify dispute_opened: %w", err)
		}
	}
	return nil
}
