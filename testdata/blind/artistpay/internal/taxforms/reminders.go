package taxforms

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/ids"
	"github.com/soundledger/artistpay/internal/providers/postlane"
)

// Reminders nudges artists who have earnings but no verified tax form.
type Reminders struct {
	db   *gorm.DB
	mail postlane.Sender
	cfg  Config
	now  func() time.Time
}

// NewReminders returns the reminder runner.
func NewReminders(db *gorm.DB, mail postlane.Sender, cfg Config) *Reminders {
	return &Reminders{db: db, mail: mail, cfg: cfg, now: func() time.Time { return time.Now().UTC() }}
}

// Run sends the next due reminder to every artist still missing a form.
func (r *Reminders) Run(ctx context.Context, taxYear int) (int, error) {
	if taxYear == 0 {
		taxYear = r.now().Year()
	}
	var artists []models.Artist
	err := r.db.WithContext(ctx).
		Where("tax_status <> ?", models.TaxStatusVerified).
		Where("EXISTS (SELECT 1 FROM ledger_entries le WHERE le.artist_id = artists.id)").
		Find(&artists).Error
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, a := range artists {
		rem, err := r.due(ctx, a.ID, taxYear)
		if err != nil {
			return sent, err
		}
		if rem == nil {
			continue
		}
		if err := r.send(ctx, &a, rem); err != nil {
			slog.WarnContext(ctx, "tax reminder failed", "artist_id", a.ID, "err", err)
			continue
		}
		sent++
	}
	return sent, nil
}

// due returns the reminder to send now, or nil if none is due. A reminder
// that was created but not sent is returned again.
func (r *Reminders) due(ctx context.Context, artistID string, taxYear int) (*models.TaxFormReminder, error) {
	db := r.db.WithContext(ctx)
	var last models.TaxFormReminder
	err := db.Where("artist_id = ? AND tax_year = ?", artistID, taxYear).Order("seq DESC").First(&last).Error
	next := 1
	switch {
	case err == nil:
		if last.Status == "pending" {
			return &last, nil
		}
		if last.Seq >= r.cfg.MaxReminders || (last.SentAt != nil && r.now().Sub(*last.SentAt) < r.cfg.Every) {
			return nil, nil
		}
		next = last.Seq + 1
	case !errors.Is(err, gorm.ErrRecordNotFound):
		return nil, err
	}
	rem := &models.TaxFormReminder{
		ID:        ids.NewULID(),
		ArtistID:  artistID,
		TaxYear:   taxYear,
		Seq:       next,
		Status:    "pending",
		CreatedAt: r.now(),
	}
	if err := db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "artist_id"}, {Name: "tax_year"}, {Name: "seq"}},
		DoNothing: true,
	}).Create(rem).Error; err != nil {
		return nil, err
	}
	var claimed models.TaxFormReminder
	if err := db.Where("artist_id = ? AND tax_year = ? AND seq = ?", artistID, taxYear, next).First(&claimed).Error; err != nil {
		return nil, err
	}
	if claimed.Status != "pending" {
		return nil, nil
	}
	return &claimed, nil
}

func (r *Reminders) send(ctx context.Context, a *models.Artist, rem *models.TaxFormReminder) error {
	receipt, err := r.mail.Send(ctx, postlane.Message{
		From:    r.cfg.From,
		To:      a.Email,
		Subject: fmt.Sprintf("Action needed: your %d tax form", rem.TaxYear),
		Text: fmt.Sprintf("Hi %s,\n\nWe still need your %s for %d before we can pay out your royalties.\n"+
			"Open the Payments tab in your dashboard to complete it.\n", a.Name, FormTypeFor(a.Country), rem.TaxYear),
		Metadata: map[string]string{"artist_id": a.ID, "reminder_id": rem.ID},
	}, postlane.WithIdempotencyKey("tax-reminder:"+rem.ID), postlane.WithTag("tax-reminder"))
	if err != nil {
		return err
	}
	now := r.now()
	return r.db.WithContext(ctx).Model(&models.TaxFormReminder{}).
		Where("id = ?", rem.ID).
		Updates(map[string]any{"status": "sent", "provider_message_id": receipt.MessageID, "sent_at": now}).Error
}
