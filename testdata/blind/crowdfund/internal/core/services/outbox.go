package services

import (
	"context"

	"github.com/google/uuid"

	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/core/ports"
)

var subjects = map[domain.Template]string{
	domain.TplPledgeConfirmed:  "Thanks for backing {{campaign}}",
	domain.TplCampaignLaunched: "Your campaign is live",
	domain.TplCampaignFunded:   "{{campaign}} was funded!",
	domain.TplCampaignFailed:   "{{campaign}} did not reach its goal",
	domain.TplShipped:          "Your reward is on its way",
	domain.TplDelivered:        "Your reward was delivered",
	domain.TplRefunded:         "Your pledge was refunded",
}

// queueNotification writes an outbox row and schedules its delivery in
// the caller's transaction. A notification that already exists for
// (template, ref, recipient) is left alone.
func queueNotification(ctx context.Context, r ports.Repos, tpl domain.Template, ref, recipient string, data map[string]string) error {
	n, created, err := r.Notifications().Enqueue(ctx, domain.Notification{
		ID:        uuid.NewString(),
		Template:  tpl,
		Ref:       ref,
		Recipient: recipient,
		Subject:   subjects[tpl],
		Data:      data,
	})
	if err != nil {
		return err
	}
	if !created {
		return nil
	}
	return r.Jobs().Enqueue(ctx, ports.SendNotificationArgs{NotificationID: n.ID}, ports.UniqueByArgs())
}
