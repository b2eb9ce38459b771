// Package cardevents applies card lifecycle notifications from the network
// (shipped, delivered, expired, closed by the network).
package cardevents

import (
	"context"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/platform/pg"
)

// Repo is the persistence the service needs.
type Repo interface {
	CardByNetworkID(ctx context.Context, networkCardID string) (domain.Card, error)
	InsertCardEvent(ctx context.Context, ev domain.CardEvent, cardID uuid.UUID) (bool, error)
	SetCardStatus(ctx context.Context, id uuid.UUID, status domain.CardStatus) error
}

// transitions maps a network event type to the status it puts the card in.
// Event types not listed are recorded without a status change.
var transitions = map[string]domain.CardStatus{
	"card.closed":    domain.CardClosed,
	"card.expired":   domain.CardClosed,
	"card.suspended": domain.CardSuspended,
}

// Service applies card events.
type Service struct {
	uow pg.UnitOfWork[Repo]
	log *slog.Logger
}

// New builds a Service.
func New(uow pg.UnitOfWork[Repo], log *slog.Logger) *Service { return &Service{uow: uow, log: log} }

// Apply records the event and applies its status change once.
func (s *Service) Apply(ctx context.Context, ev domain.CardEvent) error {
	return s.uow.InTx(ctx, func(q Repo, _ pgx.Tx) error {
		card, err := q.CardByNetworkID(ctx, ev.NetworkCardID)
		if err != nil {
			return err
		}
		fresh, err := q.InsertCardEvent(ctx, ev, card.ID)
		if err != nil {
			return err
		}
		if !fresh {
			s.log.DebugContext(ctx, "duplicate card event", "event_id", ev.NetworkEventID)
			return nil
		}
		status, ok := transitions[ev.Type]
		if !ok || card.Status == domain.CardReplaced {
			return nil
		}
		return q.SetCardStatus(ctx, card.ID, status)
	})
}
