package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/tldhouse/registrar/internal/config"
	"github.com/tldhouse/registrar/internal/mail"
	"github.com/tldhouse/registrar/internal/model"
)

type ReminderStore interface {
	DueReminders(ctx context.Context, day time.Time, daysBefore int) ([]model.Domain, error)
	MarkReminded(ctx context.Context, keys []model.ReminderKey) error
}

type AccountReader interface {
	Get(ctx context.Context, id uuid.UUID) (model.Account, error)
}

// ExpiryReminders emails owners of domains that expire in one of the
// configured number of days.
type ExpiryReminders struct {
	store     ReminderStore
	accounts  AccountReader
	mail      mail.Sender
	templates mail.Templates
	days      []int
	now       func() time.Time
	log       *slog.Logger
}

func NewExpiryReminders(cfg *config.Config, store ReminderStore, accounts AccountReader, sender mail.Sender, log *slog.Logger) *ExpiryReminders {
	return &ExpiryReminders{
		store: store, accounts: accounts, mail: sender,
		templates: mail.Templates{PortalURL: cfg.Mail.PortalURL},
		days:      cfg.Jobs.ReminderDays, now: time.Now, log: log,
	}
}

func (j *ExpiryReminders) Name() string { return "expiry-reminders" }

func (j *ExpiryReminders) Run(ctx context.Context) error {
	today := j.now().UTC().Truncate(24 * time.Hour)
	var (
		sent     []model.ReminderKey
		failures int
	)
	for _, days := range j.days {
		due, err := j.store.DueReminders(ctx, today.AddDate(0, 0, days), days)
		if err != nil {
			return fmt.Errorf("due reminders (%d days): %w", days, err)
		}
		for _, d := range due {
			acct, err := j.accounts.Get(ctx, d.AccountID)
			if err != nil {
				return err
			}
			msg := j.templates.ExpiryReminder(acct.Email, d.Name, d.ExpiresAt, days, d.AutoRenew)
			if _, err := j.mail.Send(ctx, msg); err != nil {
				j.log.Warn("reminder not sent", "domain", d.Name, "days", days, "err", err)
				failures++
				continue
			}
			sent = append(sent, model.ReminderKey{
				DomainID:   d.ID,
				ExpiresOn:  d.ExpiresAt.UTC().Truncate(24 * time.Hour),
				DaysBefore: days,
			})
		}
	}
	if err := j.store.MarkReminded(ctx, sent); err != nil {
		return fmt.Errorf("mark reminded: %w", err)
	}
	j.log.Info("expiry reminders done", "sent", len(sent), "failed", failures)
	if failures > 0 {
		return fmt.Errorf("%d reminders failed", failures)
	}
	return nil
}
