package service

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/saltline-charters/charterhub/internal/ids"
	"github.com/saltline-charters/charterhub/internal/store"
)

// Operations holds the housekeeping the batch runner drives.
type Operations struct {
	q   store.Querier
	tx  TxRunner
	pub Publisher
	now Clock
	log *slog.Logger
}

func NewOperations(q store.Querier, tx TxRunner, pub Publisher, now Clock, log *slog.Logger) *Operations {
	return &Operations{q: q, tx: tx, pub: pub, now: now, log: log}
}

// ExpireHolds returns lapsed holds' seats to their trips.
func (s *Operations) ExpireHolds(ctx context.Context) (int64, error) {
	holds, trips, err := s.q.ExpireHolds(ctx, s.now())
	if err != nil {
		return 0, err
	}
	s.log.InfoContext(ctx, "holds expired", "holds", holds, "trips", trips)
	return holds, nil
}

// CloseReturnedTrips completes trips that came back more than grace ago
// and accrues crew pay for them.
func (s *Operations) CloseReturnedTrips(ctx context.Context, grace time.Duration, batch int32) (int, error) {
	now := s.now()
	trips, err := s.q.ListTripsToClose(ctx, now.Add(-grace), batch)
	if err != nil {
		return 0, err
	}
	closed := 0
	for _, t := range trips {
		n, err := s.q.MarkTripCompleted(ctx, t.ID, now)
		if err != nil {
			return closed, err
		}
		if n == 0 {
			continue
		}
		if err := s.accrueCrewPay(ctx, t); err != nil {
			return closed, fmt.Errorf("crew pay for %s: %w", t.ID, err)
		}
		closed++
	}
	return closed, nil
}

// skipperShare is the skipper's cut of the trip price, in percent.
const skipperShare = 80

func (s *Operations) accrueCrewPay(ctx context.Context, t store.Trip) error {
	return s.tx.InTx(ctx, func(q store.Querier) error {
		crew, err := q.ListTripCrew(ctx, t.ID)
		if err != nil {
			return err
		}
		for _, c := range crew {
			if err := q.InsertLedgerEntry(ctx, store.InsertLedgerEntryParams{
				ID:          ids.Derive("crew_pay", t.ID, c.CrewMemberID),
				TripID:      t.ID,
				PartyID:     c.CrewMemberID,
				Kind:        "crew_pay",
				AmountCents: int64(c.Hours) * c.HourlyCents,
				Memo:        c.Role,
			}); err != nil {
				return err
			}
		}
		earned := int64(t.Booked) * t.PriceCents * skipperShare / 100
		return q.InsertLedgerEntry(ctx, store.InsertLedgerEntryParams{
			ID:          ids.Derive("skipper_pay", t.ID),
			TripID:      t.ID,
			PartyID:     t.SkipperID,
			Kind:        "skipper_pay",
			AmountCents: earned,
		})
	})
}

// FlushOutbox publishes queued domain events. Delivery is at least once:
// each message carries its outbox row ID so subscribers can drop repeats.
func (s *Operations) FlushOutbox(ctx context.Context, batch int32) (int, error) {
	msgs, err := s.q.ListUnsentOutbox(ctx, batch)
	if err != nil {
		return 0, err
	}
	for i, m := range msgs {
		attrs := map[string]string{
			"event_type": m.Topic,
			"outbox_id":  strconv.FormatInt(m.ID, 10),
		}
		if err := s.pub.Publish(ctx, m.Payload, attrs); err != nil {
			return i, fmt.Errorf("publish outbox %d: %w", m.ID, err)
		}
		if err := s.q.MarkOutboxSent(ctx, m.ID); err != nil {
			return i, err
		}
	}
	return len(msgs), nil
}
