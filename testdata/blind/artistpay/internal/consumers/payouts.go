package consumers

import (
	"context"
	"fmt"
	"log/slog"

	"gorm.io/gorm"

	"github.com/soundledger/artistpay/internal/advances"
	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/events"
	"github.com/soundledger/artistpay/internal/providers/postlane"
)

// createRecoupmentPlan stores how a new advance will be recouped.
func (c *Consumers) createRecoupmentPlan(ctx context.Context, _ string, ev events.AdvanceGranted) error {
	plan, err := c.Plans.Create(ctx, advances.PlanInput{
		AdvanceID:    ev.AdvanceID,
		ArtistID:     ev.ArtistID,
		RateBps:      ev.RecoupRateBps,
		StartsPeriod: ev.StartsPeriod,
	})
	if err != nil {
		return fmt.Errorf("recoupment plan for %s: %w", ev.AdvanceID, err)
	}
	slog.InfoContext(ctx, "recoupment plan created", "advance_id", ev.AdvanceID, "plan_id", plan.ID)
	return nil
}

// payoutPaid moves a settled payout out of the artist's portal balance
// and tells the artist the money is on its way.
func (c *Consumers) payoutPaid(ctx context.Context, msgID string, ev events.PayoutPaid) error {
	const consumer = "notifications.payout-paid"
	err := c.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		claimed, err := c.Inbox.Claim(tx, consumer, msgID)
		if err != nil || !claimed {
			return err
		}
		return tx.Model(&models.ArtistBalance{}).Where("artist_id = ?", ev.ArtistID).Updates(map[string]any{
			"available_micros":     gorm.Expr("available_micros - ?", ev.AmountMicros),
			"lifetime_paid_micros": gorm.Expr("lifetime_paid_micros + ?", ev.AmountMicros),
		}).Error
	})
	if err != nil {
		return err
	}
	var artist models.Artist
	if err := c.DB.WithContext(ctx).First(&artist, "id = ?", ev.ArtistID).Error; err != nil {
		return err
	}
	_, err = c.Mail.Send(ctx, postlane.Message{
		From:    c.Cfg.StatementsFrom,
		To:      artist.Email,
		Subject: "Your payout is on its way",
		Text: fmt.Sprintf("Hi %s,\n\nWe've sent %.2f %s to your bank account. It usually arrives within 2 business days.\n",
			artist.Name, float64(ev.AmountMicros)/1e6, ev.Currency),
		Metadata: map[string]string{"payout_id": ev.PayoutID},
	}, postlane.WithIdempotencyKey("payout-paid:"+ev.PayoutID), postlane.WithTag("payout-paid"))
	return err
}

// releaseTaxHolds sends payouts that were waiting on the artist's tax form.
func (c *Consumers) releaseTaxHolds(ctx context.Context, _ string, ev events.TaxFormVerified) error {
	n, err := c.Holds.ReleaseTaxHolds(ctx, ev.ArtistID)
	if err != nil {
		return err
	}
	if n > 0 {
		slog.InfoContext(ctx, "released tax holds", "artist_id", ev.ArtistID, "payouts", n)
	}
	return nil
}
