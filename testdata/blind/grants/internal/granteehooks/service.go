// Package granteehooks pushes grant status changes to grantee systems that
// registered a callback URL.
package granteehooks

import (
	"context"
	"log/slog"
	"time"

	"github.com/civicfund/grants/internal/ports"
	"github.com/civicfund/grants/internal/repo"
	"github.com/civicfund/grants/internal/service"
)

// Service implements service.GranteeNotificationService.
type Service struct {
	orgs       repo.Organizations
	deliveries repo.GranteeDeliveries
	notifier   ports.GranteeNotifier
	log        *slog.Logger
}

var _ service.GranteeNotificationService = (*Service)(nil)

// New builds the service.
func New(orgs repo.Organizations, deliveries repo.GranteeDeliveries, notifier ports.GranteeNotifier) *Service {
	return &Service{orgs: orgs, deliveries: deliveries, notifier: notifier, log: slog.Default().With("component", "granteehooks")}
}

type statusPayload struct {
	Type       string    `json:"type"`
	GrantID    string    `json:"grant_id"`
	Status     string    `json:"status"`
	OccurredAt time.Time `json:"occurred_at"`
}

// NotifyStatusChange posts the change to the grantee's callback URL.
func (s *Service) NotifyStatusChange(ctx context.Context, ev service.GrantStatusChanged) error {
	org, err := s.orgs.Get(ctx, ev.OrgID)
	if err != nil {
		return err
	}
	if org.CallbackURL == "" {
		return nil
	}
	eventKey := ev.GrantID + ":" + ev.Status
	done, err := s.deliveries.Delivered(ctx, org.ID, eventKey)
	if err != nil {
		return err
	}
	if done {
		return nil
	}

	code, postErr := s.notifier.Post(ctx, org.CallbackURL, statusPayload{
		Type:       "grant.status_changed",
		GrantID:    ev.GrantID,
		Status:     ev.Status,
		OccurredAt: ev.OccurredAt,
	})
	if err := s.deliveries.Record(ctx, org.ID, eventKey, code); err != nil {
		return err
	}
	if postErr != nil {
		s.log.WarnContext(ctx, "grantee webhook failed", "org_id", org.ID, "status", code, "err", postErr)
		return postErr
	}
	return nil
}
