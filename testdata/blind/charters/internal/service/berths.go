package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/saltline-charters/charterhub/internal/ids"
	"github.com/saltline-charters/charterhub/internal/lookup"
	"github.com/saltline-charters/charterhub/internal/marina"
	"github.com/saltline-charters/charterhub/internal/store"
)

// Berths requests visitor berths from partner marinas and applies their
// answers, which arrive asynchronously on the marina events topic.
type Berths struct {
	q       store.Querier
	tx      TxRunner
	marina  MarinaGateway
	marinas *lookup.Marinas
	log     *slog.Logger
}

func NewBerths(q store.Querier, tx TxRunner, gw MarinaGateway, marinas *lookup.Marinas, log *slog.Logger) *Berths {
	return &Berths{q: q, tx: tx, marina: gw, marinas: marinas, log: log}
}

// Request asks the trip's marina for a berth. submissionID is passed to
// the partner with the request.
func (s *Berths) Request(ctx context.Context, tripID, submissionID string) (store.BerthRequest, error) {
	trip, err := s.q.GetTrip(ctx, tripID)
	if err != nil {
		return store.BerthRequest{}, notFound("trip", err)
	}
	boat, err := s.q.GetBoat(ctx, trip.BoatID)
	if err != nil {
		return store.BerthRequest{}, err
	}
	m, err := s.marinas.Get(ctx, trip.MarinaID)
	if err != nil {
		return store.BerthRequest{}, notFound("marina", err)
	}

	br, err := s.q.UpsertBerthRequest(ctx, ids.New("berth"), trip.ID, trip.MarinaID)
	if err != nil {
		return store.BerthRequest{}, err
	}
	if br.PartnerRef != nil {
		return br, nil
	}

	ack, err := s.marina.RequestBerth(ctx, marina.BerthRequest{
		MarinaCode: m.PartnerCode,
		TripRef:    br.ID,
		BoatName:   boat.Name,
		LengthCm:   boat.LengthCm,
		Arrive:     trip.DepartsAt.Add(-2 * time.Hour),
		Depart:     trip.ReturnsAt,
		RequestID:  submissionID,
	})
	if err != nil {
		return store.BerthRequest{}, fmt.Errorf("berth request: %w", err)
	}
	if err := s.q.SetBerthPartnerRef(ctx, br.ID, ack.Reference); err != nil {
		return store.BerthRequest{}, err
	}
	br.PartnerRef, br.Status = &ack.Reference, "submitted"
	return br, nil
}

// BerthEvent is the body of every marina event.
type BerthEvent struct {
	EventID        string `json:"event_id"`
	BerthRequestID string `json:"trip_ref"`
	Reference      string `json:"reference"`
	BerthCode      string `json:"berth_code"`
	FeeCents       int64  `json:"fee_cents"`
	Version        int32  `json:"version"`
	Reason         string `json:"reason"`
}

// Confirm applies a berth confirmation and accrues the harbour fee on the
// trip.
func (s *Berths) Confirm(ctx context.Context, ev BerthEvent) error {
	done, err := s.q.EventProcessed(ctx, ev.EventID)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	br, err := s.q.GetBerthRequest(ctx, ev.BerthRequestID)
	if err != nil {
		return notFound("berth request", err)
	}

	err = s.tx.InTx(ctx, func(q store.Querier) error {
		if err := q.ConfirmBerth(ctx, br.ID, ev.BerthCode, ev.FeeCents); err != nil {
			return err
		}
		return q.AddTripHarbourFee(ctx, br.TripID, ev.FeeCents)
	})
	if err != nil {
		return err
	}
	return s.q.MarkEventProcessed(ctx, ev.EventID, "berth.confirmed")
}

// Decline records a marina turning a berth down. Marinas sometimes
// withdraw a berth they already confirmed; the quoted fee is then reversed
// in the trip ledger.
func (s *Berths) Decline(ctx context.Context, ev BerthEvent) error {
	br, err := s.q.GetBerthRequest(ctx, ev.BerthRequestID)
	if err != nil {
		return notFound("berth request", err)
	}
	return s.tx.InTx(ctx, func(q store.Querier) error {
		if br.FeeCents > 0 {
			if err := q.InsertLedgerEntry(ctx, store.InsertLedgerEntryParams{
				ID:          ids.New("led"),
				TripID:      br.TripID,
				PartyID:     br.MarinaID,
				Kind:        "harbour_fee_reversal",
				AmountCents: -br.FeeCents,
				Memo:        ev.Reason,
			}); err != nil {
				return err
			}
		}
		return q.SetBerthStatus(ctx, br.ID, "declined")
	})
}

// MarinaCancelled handles a marina cancelling a confirmed berth (harbour
// closure, dredging). The event claim and its effects commit together.
func (s *Berths) MarinaCancelled(ctx context.Context, ev BerthEvent) error {
	return s.tx.InTx(ctx, func(q store.Querier) error {
		won, err := q.ClaimEvent(ctx, ev.EventID, "berth.cancelled")
		if err != nil || !won {
			return err
		}
		br, err := q.GetBerthRequest(ctx, ev.BerthRequestID)
		if err != nil {
			return notFound("berth request", err)
		}
		if err := q.SetBerthStatus(ctx, br.ID, "cancelled"); err != nil {
			return err
		}
		if err := q.AddTripHarbourFee(ctx, br.TripID, -br.FeeCents); err != nil {
			return err
		}
		payload, _ := json.Marshal(map[string]any{"trip_id": br.TripID, "berth_request_id": br.ID, "reason": ev.Reason})
		return q.EnqueueOutbox(ctx, "berth.cancelled", payload)
	})
}

// Reassign moves a confirmed berth to another pontoon. Events carry a
// per-request version; older or repeated versions are ignored.
func (s *Berths) Reassign(ctx context.Context, ev BerthEvent) error {
	n, err := s.q.ReassignBerth(ctx, ev.BerthRequestID, ev.BerthCode, ev.Version)
	if err != nil {
		return err
	}
	if n == 0 {
		s.log.InfoContext(ctx, "stale berth reassignment ignored", "berth_request_id", ev.BerthRequestID, "version", ev.Version)
	}
	return nil
}
