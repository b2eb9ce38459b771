package schedule

import (
	"context"
	"log/slog"
	"time"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/ports"
	"github.com/northwind-air/mileage/internal/service/notify"
)

// TierJob upgrades members whose qualifying miles reached a higher tier.
// It runs nightly; downgrades happen once a year in a separate process.
type TierJob struct {
	tx      ports.TxRunner
	members ports.Members
	rewards ports.Rewards
	sms     ports.SMSSender
	events  ports.EventPublisher
	log     *slog.Logger
}

// NewTierJob returns a TierJob.
func NewTierJob(tx ports.TxRunner, members ports.Members, rewards ports.Rewards, sms ports.SMSSender,
	events ports.EventPublisher, log *slog.Logger) *TierJob {
	return &TierJob{tx: tx, members: members, rewards: rewards, sms: sms, events: events, log: log}
}

// Run reviews every candidate member.
func (j *TierJob) Run(ctx context.Context, now time.Time) error {
	after := ""
	for {
		page, err := j.members.TierCandidates(ctx, after, 500)
		if err != nil {
			return err
		}
		if len(page) == 0 {
			return nil
		}
		for _, m := range page {
			after = m.ID
			to := domain.TierFor(m.TierMiles)
			if to.Rank() <= m.Tier.Rank() {
				continue
			}
			if err := j.upgrade(ctx, m, to, now.Year()); err != nil {
				return err
			}
		}
	}
}

func (j *TierJob) upgrade(ctx context.Context, m domain.Member, to domain.Tier, year int) error {
	if m.SMSOptIn && m.Phone != "" {
		body, _ := notify.Render("tier_upgrade", map[string]string{"tier": string(to)})
		if _, err := j.sms.Send(ctx, m.Phone, body); err != nil {
			j.log.WarnContext(ctx, "tier sms failed", "member_id", m.ID, "error", err)
		}
	}
	err := j.tx.Do(ctx, func(ctx context.Context) error {
		moved, err := j.members.ApplyTier(ctx, m.ID, m.Tier, to)
		if err != nil || !moved {
			return err
		}
		return j.rewards.InsertTierChange(ctx, domain.TierChange{
			MemberID:       m.ID,
			From:           m.Tier,
			To:             to,
			QualifyingYear: year,
			TierMiles:      m.TierMiles,
		})
	})
	if err != nil {
		return err
	}
	dedup := "tier-" + m.ID + "-" + string(to)
	return j.events.Publish(ctx, "member.tier_changed", m.ID, dedup, map[string]any{
		"memberId": m.ID, "from": m.Tier, "to": to, "qualifyingYear": year,
	})
}
