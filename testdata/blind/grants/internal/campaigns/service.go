// Package campaigns maintains campaign totals fed from other systems.
package campaigns

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/platform/db"
	"github.com/civicfund/grants/internal/repo"
	"github.com/civicfund/grants/internal/service"
)

const consumerOfflineGifts = "campaigns.offline-gifts"

// Service implements service.CampaignService.
type Service struct {
	db        db.Beginner
	campaigns repo.Campaigns
	inbox     repo.Inbox
}

var _ service.CampaignService = (*Service)(nil)

// New builds the service.
func New(b db.Beginner, campaigns repo.Campaigns, inbox repo.Inbox) *Service {
	return &Service{db: b, campaigns: campaigns, inbox: inbox}
}

// RecordOfflineGift adds a batch of cheque/cash gifts to the campaign total.
// messageID is the Pub/Sub message id, used to drop redeliveries.
func (s *Service) RecordOfflineGift(ctx context.Context, messageID string, g service.OfflineGift) error {
	if g.AmountCents <= 0 {
		return fmt.Errorf("%w: offline gift amount must be positive", service.ErrValidation)
	}
	fresh, err := s.inbox.Claim(ctx, consumerOfflineGifts, messageID)
	if err != nil {
		return err
	}
	if !fresh {
		return nil
	}
	return db.Exec(ctx, s.db, func(tx *sqlx.Tx) error {
		campaigns := s.campaigns.WithTx(tx)
		if _, err := campaigns.Get(ctx, g.CampaignID); err != nil {
			return err
		}
		return campaigns.AddOffline(ctx, g.CampaignID, g.AmountCents)
	})
}
