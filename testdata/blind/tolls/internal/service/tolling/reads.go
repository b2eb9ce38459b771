package tolling

import (
	"context"
	"errors"
	"strconv"
	"time"

	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/events"
	"github.com/northgate/tolls/internal/ids"
	"github.com/northgate/tolls/internal/storage"
)

// IngestRead stores a gantry read and folds it into the tag's trip.
//
// The read's (gantry_id, seq) is its identity: it is inserted with ON
// CONFLICT DO NOTHING in the same transaction that opens or closes the
// trip, so a redelivered read changes nothing. A trip opened by a read takes
// an ID derived from that read.
func (s *Impl) IngestRead(ctx context.Context, r Read) error {
	var closed *domain.Trip
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ctx := storage.WithTx(ctx, tx)
		gr := &domain.GantryRead{
			GantryID:     r.GantryID,
			ReadSeq:      r.Seq,
			Serial:       r.Serial,
			PlazaID:      r.PlazaID,
			Direction:    r.Direction,
			IsExit:       r.IsExit,
			VehicleClass: r.VehicleClass,
			ReadAt:       r.ReadAt,
		}
		fresh, err := s.trips.InsertRead(ctx, gr)
		if err != nil {
			return err
		}
		if !fresh {
			// Seen before. If this read closed a trip, the close event may
			// not have gone out; find the trip so it is written again.
			var prior domain.GantryRead
			if err := tx.First(&prior, "gantry_id = ? AND read_seq = ?", r.GantryID, r.Seq).Error; err != nil {
				return err
			}
			if prior.IsExit && prior.TripID != "" {
				t, err := s.trips.Get(ctx, prior.TripID)
				if err == nil && t.Status == domain.TripClosed {
					closed = t
				}
			}
			return nil
		}

		tag, err := s.transponders.Get(ctx, r.Serial)
		if errors.Is(err, domain.ErrNotFound) {
			// Not one of ours: the interop clearinghouse bills the home agency.
			return nil
		}
		if err != nil {
			return err
		}
		if tag.Status != "valid" {
			s.log.Info("read for invalid tag", zap.String("serial", r.Serial), zap.String("status", tag.Status))
			return nil
		}

		trip, err := s.trips.OpenTripFor(ctx, r.Serial)
		switch {
		case errors.Is(err, domain.ErrNotFound):
			trip = &domain.Trip{
				ID:           ids.Derive("trip", r.GantryID, strconv.FormatInt(r.Seq, 10)),
				AccountID:    tag.AccountID,
				Serial:       r.Serial,
				EntryPlaza:   r.PlazaID,
				VehicleClass: classOrDefault(r.VehicleClass),
				Status:       domain.TripOpen,
				OpenedAt:     r.ReadAt,
			}
			if err := s.trips.Create(ctx, trip); err != nil {
				return err
			}
		case err != nil:
			return err
		}
		if err := s.trips.AttachRead(ctx, r.GantryID, r.Seq, trip.ID); err != nil {
			return err
		}
		if !r.IsExit {
			return nil
		}
		at := r.ReadAt
		trip.ExitPlaza = r.PlazaID
		trip.ClosedAt = &at
		trip.Status = domain.TripClosed
		amount, err := s.pricer.Price(ctx, trip)
		if err != nil {
			return err
		}
		trip.AmountCents = amount
		if err := s.trips.Save(ctx, trip); err != nil {
			return err
		}
		closed = trip
		return nil
	})
	if err != nil || closed == nil {
		return err
	}
	return s.stream.Write(ctx, events.TopicTripsClosed, closed.ID, TripClosed{
		TripID: closed.ID, AccountID: closed.AccountID, AmountCents: closed.AmountCents, ClosedAt: derefTime(closed.ClosedAt),
	})
}

func classOrDefault(c int) int {
	if c <= 0 {
		return 2
	}
	return c
}

func derefTime(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return *t
}
