// Package notices renders and sends the resident-facing emails that are not
// part of a workflow: renewal reminders and renewal receipts.
package notices

import (
	"context"
	"fmt"
	"time"

	"github.com/curbline-civic/permits/internal/providers/notify"
)

// EmailSender sends a templated email.
type EmailSender interface {
	SendEmail(ctx context.Context, e notify.Email) error
}

// Renewal describes one permit coming up for renewal.
type Renewal struct {
	Email        string
	Name         string
	PermitNumber string
	Zone         string
	Plate        string
	ExpiresAt    time.Time
	FeeCents     int64
	AutoRenew    bool
}

// SendRenewalReminder emails the renewal reminder. Residents with a saved
// card get the auto-renew wording and the date their card will be charged.
func SendRenewalReminder(ctx context.Context, s EmailSender, r Renewal) error {
	tmpl := "permit-renewal-reminder"
	if r.AutoRenew {
		tmpl = "permit-renewal-autorenew"
	}
	return s.SendEmail(ctx, notify.Email{
		To:       r.Email,
		Template: tmpl,
		Data: map[string]any{
			"name":          r.Name,
			"permit_number": r.PermitNumber,
			"zone":          r.Zone,
			"plate":         r.Plate,
			"expires":       r.ExpiresAt.Format("January 2, 2006"),
			"charge_date":   r.ExpiresAt.AddDate(0, 0, -14).Format("January 2"),
			"fee":           fmt.Sprintf("$%d.%02d", r.FeeCents/100, r.FeeCents%100),
		},
	})
}
