// Package harbour records vessel movements reported by the harbour gate and
// charges harbour dues to visiting vessels without a reservation.
package harbour

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/events"
	"github.com/harbourline/marina/internal/storage"
)

// Visiting vessels pay harbour dues per metre LOA per visit.
const duesPerMetreCents = 150

type Service struct {
	store storage.Store
	log   *zap.Logger
}

func NewService(store storage.Store, log *zap.Logger) *Service {
	return &Service{store: store, log: log.Named("harbour")}
}

// RecordArrival logs a vessel arrival, checks in a matching reservation, or
// raises harbour dues for a visitor.
func (s *Service) RecordArrival(ctx context.Context, ev events.VesselArrived) error {
	if ev.Registration == "" || ev.SeenAt.IsZero() {
		return fmt.Errorf("arrival without registration or time")
	}
	return s.store.Do(ctx, func(ctx context.Context, tx *storage.Tx) error {
		res, err := tx.Reservations.FindActiveByRegistration(ctx, ev.Registration, ev.SeenAt)
		if err != nil && !errors.Is(err, domain.ErrNotFound) {
			return err
		}

		arrival := &domain.Arrival{
			VesselRegistration: ev.Registration,
			ArrivedAt:          ev.SeenAt,
			Source:             ev.Source,
		}
		if res != nil {
			arrival.BerthID, arrival.ReservationID = res.BerthID, res.ID
		}
		arrival, err = tx.Arrivals.Record(ctx, arrival)
		if err != nil {
			return fmt.Errorf("record arrival: %w", err)
		}

		if res != nil {
			_, err := tx.Reservations.MarkArrived(ctx, res.ID)
			return err
		}

		dues := int64(math.Ceil(math.Max(ev.LOAMetres, 6))) * duesPerMetreCents
		_, err = tx.Settlement.AddLine(ctx, &domain.SettlementLine{
			BusinessDate: ev.SeenAt.UTC().Truncate(24 * time.Hour),
			SourceType:   "harbour_dues",
			SourceID:     arrival.ID,
			AccountCode:  "4200-HARBOUR-DUES",
			AmountCents:  dues,
			Description:  fmt.Sprintf("Harbour dues %s (%s)", ev.Registration, ev.VesselName),
		})
		return err
	})
}
