package mailer

import (
	"fmt"
	"time"
)

// HoldReady renders the pickup notice.
func HoldReady(to, name, title, branch string, pickupBy time.Time) Message {
	return Message{
		To:      to,
		Subject: "Your hold is ready: " + title,
		Text: fmt.Sprintf("Hello %s,\n\n%q is waiting for you at %s.\n"+
			"Please pick it up by %s. After that date the copy goes to the next patron in the queue.\n\n"+
			"Branchline Libraries\n", name, title, branch, pickupBy.Format("Monday, January 2")),
		Tags: map[string]string{"kind": "hold_ready"},
	}
}

// PaymentReceipt renders the receipt for a fine payment.
func PaymentReceipt(to, name string, amountCents int64, reference string) Message {
	return Message{
		To:      to,
		Subject: "Payment received - Branchline Libraries",
		Text: fmt.Sprintf("Hello %s,\n\nWe received your payment of $%d.%02d toward library fines.\n"+
			"Reference: %s\n\nThank you,\nBranchline Libraries\n", name, amountCents/100, amountCents%100, reference),
		Tags: map[string]string{"kind": "payment_receipt"},
	}
}
