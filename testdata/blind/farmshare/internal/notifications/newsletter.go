package notifications

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/rs/xid"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/providers/mailer"
)

// Newsletter sends the weekly newsletter in batches.
type Newsletter struct {
	db    *sqlx.DB
	store Store
	mail  Mailer
	log   *slog.Logger
	now   func() time.Time
	batch int
}

// NewNewsletter builds the sender.
func NewNewsletter(db *sqlx.DB, mail Mailer, log *slog.Logger, now func() time.Time) *Newsletter {
	return &Newsletter{db: db, mail: mail, log: log, now: now, batch: 200}
}

// SendDue sends the due issue to everyone who has not had it yet.
func (n *Newsletter) SendDue(ctx context.Context) error {
	issue, err := n.store.DueIssue(ctx, n.db, n.now())
	if errors.Is(err, database.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}

	send := func(r Recipient) error {
		body := strings.ReplaceAll(issue.BodyHTML, "{{first_name}}", firstName(r.Name))
		sent, err := n.mail.Send(ctx, mailer.Email{
			To:      r.Email,
			Subject: issue.Subject,
			HTML:    body,
			Stream:  "newsletter",
		}, mailer.WithIdempotencyKey(xid.New().String()), mailer.WithTag("newsletter"))
		if err != nil {
			return err
		}
		return n.store.RecordSend(ctx, n.db, issue.ID, r.MemberID, sent.MessageID)
	}

	total := 0
	for {
		batch, err := n.store.PendingRecipients(ctx, n.db, issue.ID, n.batch)
		if err != nil {
			return fmt.Errorf("pending recipients: %w", err)
		}
		if len(batch) == 0 {
			break
		}
		for _, r := range batch {
			if err := send(r); err != nil {
				return fmt.Errorf("send newsletter to %s: %w", r.MemberID, err)
			}
			total++
		}
	}
	n.log.Info("newsletter sent", "issue", issue.ID, "recipients", total)
	return n.store.CompleteIssue(ctx, n.db, issue.ID)
}

func firstName(full string) string {
	if i := strings.IndexByte(full, ' '); i > 0 {
		return full[:i]
	}
	return full
}
