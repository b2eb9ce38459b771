// Package notify renders customer-facing messages and hands them to the
// delivery providers.
package notify

import (
	"context"
	"fmt"

	"github.com/keystonebail/bondline/internal/premiums"
	"github.com/keystonebail/bondline/internal/providers/mailer"
)

// Mailer sends email.
type Mailer interface {
	Send(ctx context.Context, e mailer.Email) error
}

// Receipts emails payment receipts.
type Receipts struct {
	Mail      Mailer
	PortalURL string
}

// SendReceipt implements premiums.ReceiptSender.
func (r Receipts) SendReceipt(ctx context.Context, rc premiums.Receipt) error {
	return r.Mail.Send(ctx, mailer.Email{
		To:       rc.To,
		Subject:  "Your bail bond premium payment",
		Template: "premium-receipt",
		Data: map[string]string{
			"amount":         formatCents(rc.AmountCents),
			"application_id": rc.ApplicationID.String(),
			"reference":      rc.PaymentIntentID,
			"paid_on":        rc.PaidAt.Format("January 2, 2006"),
			"portal_url":     r.PortalURL + "/applications/" + rc.ApplicationID.String(),
		},
	})
}

func formatCents(c int64) string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s$%d.%02d", sign, c/100, c%100)
}
