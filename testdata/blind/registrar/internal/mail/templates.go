package mail

import (
	"fmt"
	"strings"
	"time"
)

// Templates renders the transactional messages.
type Templates struct {
	PortalURL string
}

func money(cents int64, currency string) string {
	return fmt.Sprintf("%s %d.%02d", strings.ToUpper(currency), cents/100, cents%100)
}

func (t Templates) ExpiryReminder(to, domain string, expires time.Time, daysLeft int, autoRenew bool) Message {
	var b strings.Builder
	fmt.Fprintf(&b, "Your domain %s expires on %s (%d days from now).\n\n", domain, expires.Format("2 January 2006"), daysLeft)
	if autoRenew {
		b.WriteString("Auto-renew is on: we will renew it with your card on file a few days before it expires.\n")
	} else {
		fmt.Fprintf(&b, "Auto-renew is off. Renew it here: %s/domains/%s/renew\n", t.PortalURL, domain)
	}
	return Message{
		To:       to,
		Subject:  fmt.Sprintf("%s expires in %d days", domain, daysLeft),
		Text:     b.String(),
		Tags:     []string{"expiry-reminder", fmt.Sprintf("d%d", daysLeft)},
		Template: "expiry_reminder",
	}
}

func (t Templates) TransferOutPending(to, domain, gaining string, deadline time.Time) Message {
	text := fmt.Sprintf(
		"Another registrar (%s) has requested a transfer of %s.\n\n"+
			"If you asked for this, nothing else is needed: the transfer completes on %s.\n"+
			"If you did not, reject it here: %s/domains/%s/transfer-out\n",
		gaining, domain, deadline.Format("2 January 2006"), t.PortalURL, domain)
	return Message{
		To:       to,
		Subject:  fmt.Sprintf("Transfer requested for %s", domain),
		Text:     text,
		Tags:     []string{"transfer-out"},
		Template: "transfer_out_pending",
	}
}

func (t Templates) RenewalReceipt(to, domain string, amount int64, currency string, newExpiry time.Time, invoiceID string) Message {
	text := fmt.Sprintf(
		"We renewed %s. It now expires on %s.\n\nAmount charged: %s\nInvoice: %s/invoices/%s\n",
		domain, newExpiry.Format("2 January 2006"), money(amount, currency), t.PortalURL, invoiceID)
	return Message{
		To:       to,
		Subject:  fmt.Sprintf("Receipt: %s renewed", domain),
		Text:     text,
		Tags:     []string{"receipt", "renewal"},
		Template: "renewal_receipt",
	}
}

func (t Templates) RegistrationComplete(to, domain string, expires time.Time) Message {
	return Message{
		To:       to,
		Subject:  fmt.Sprintf("%s is yours", domain),
		Text:     fmt.Sprintf("%s is registered until %s. Manage it at %s/domains/%s\n", domain, expires.Format("2 January 2006"), t.PortalURL, domain),
		Tags:     []string{"registration"},
		Template: "registration_complete",
	}
}
