// Package xmailgun sends e-mail through Mailgun's client: a
// notification, whose library's own request is not the caller's to key.
package xmailgun

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/mailgun/mailgun-go"
)

// Negative: an e-mail, sent again on a retry, is a nuisance, and
// Mailgun takes no key.
func remind(ctx context.Context, t *asynq.Task) error {
	mg := mailgun.NewMailgun("example.com", "key")
	_, _, err := mg.Send(mg.NewMessage("noreply@example.com", "Reminder", "Come back", string(t.Payload())))
	return err
}
