// Package notify delivers stored text messages. Messages are written to the
// notifications table by whichever service decided to send them, in the
// same transaction as the change they announce, and a notify.sms job is
// queued alongside.
package notify

import (
	"context"
	"log/slog"

	"github.com/google/uuid"

	"github.com/driftline-services/snowplow/internal/domain"
	"github.com/driftline-services/snowplow/internal/service/ports"
)

// Repository stores notifications.
type Repository interface {
	Get(ctx context.Context, id uuid.UUID) (domain.Notification, error)
	MarkSent(ctx context.Context, id uuid.UUID, providerID string) error
}

// Service sends notifications.
type Service struct {
	repo   Repository
	texter ports.Texter
	log    *slog.Logger
}

// New returns a Service.
func New(repo Repository, texter ports.Texter, log *slog.Logger) *Service {
	return &Service{repo: repo, texter: texter, log: log}
}

// Deliver sends a stored notification unless it has already gone out.
func (s *Service) Deliver(ctx context.Context, id uuid.UUID) error {
	n, err := s.repo.Get(ctx, id)
	if err != nil {
		return err
	}
	if n.SentAt != nil {
		return nil
	}
	msgID, err := s.texter.Send(ctx, n.Phone, n.Body)
	if err != nil {
		return err
	}
	return s.repo.MarkSent(ctx, n.ID, msgID)
}
