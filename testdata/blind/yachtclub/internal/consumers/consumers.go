// Package consumers holds the Kafka event handlers run by the worker.
package consumers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/fuel"
	"github.com/tidewater-yc/clubhouse/internal/jobs"
	"github.com/tidewater-yc/clubhouse/internal/platform/kafka"
	"github.com/tidewater-yc/clubhouse/internal/platform/uow"
	"github.com/tidewater-yc/clubhouse/internal/regatta"
	"github.com/tidewater-yc/clubhouse/internal/store"
)

// Handlers groups the Kafka handlers and their dependencies.
type Handlers struct {
	uow      uow.UnitOfWork
	repos    *store.Repos
	enqueuer jobs.Enqueuer
	fuel     fuel.Service
	regatta  regatta.Service
	now      func() time.Time
}

// New builds the handler set.
func New(u uow.UnitOfWork, repos *store.Repos, enq jobs.Enqueuer, fuelSvc fuel.Service, regattaSvc regatta.Service) *Handlers {
	return &Handlers{uow: u, repos: repos, enqueuer: enq, fuel: fuelSvc, regatta: regattaSvc, now: time.Now}
}

// Routes is the worker's routing table.
func (h *Handlers) Routes() []kafka.Route {
	return []kafka.Route{
		{Topic: kafka.TopicBerths, EventType: "berth.vacated", Handler: h.BerthVacated},
		{Topic: kafka.TopicFuel, Handler: h.FuelDispensed},
		{Topic: kafka.TopicScoring, EventType: "finish.scored", Handler: h.FinishScored},
	}
}

type berthVacated struct {
	BerthID    string `json:"berth_id"`
	BerthClass string `json:"berth_class"`
}

// BerthVacated queues a waitlist offer for the freed berth. The event id is
// recorded in the same transaction as the job insert.
func (h *Handlers) BerthVacated(ctx context.Context, rec *kgo.Record, evt kafka.Event) error {
	var p berthVacated
	if err := json.Unmarshal(evt.Payload, &p); err != nil || p.BerthID == "" {
		return kafka.Permanent(fmt.Errorf("berth.vacated payload: %v", err))
	}
	if evt.ID == "" {
		return kafka.Permanent(errors.New("berth.vacated without event id"))
	}
	return h.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		fresh, err := h.repos.Events.MarkProcessed(ctx, tx, "kafka:"+rec.Topic, evt.ID, evt.Type, h.now())
		if err != nil {
			return err
		}
		if !fresh {
			return nil
		}
		return h.enqueuer.EnqueueTx(ctx, tx, jobs.WaitlistOfferArgs{BerthID: p.BerthID, TriggerEventID: evt.ID}, nil)
	})
}

// pumpDispense is the pump controller's message. Controllers publish raw JSON
// with the pump's own sequence number.
type pumpDispense struct {
	PumpID       string    `json:"pump_id"`
	Sequence     int64     `json:"seq"`
	FobID        string    `json:"fob_id"`
	MemberID     string    `json:"member_id"`
	Grade        string    `json:"grade"`
	GallonsMilli int64     `json:"gallons_milli"`
	CompletedAt  time.Time `json:"completed_at"`
}

// FuelDispensed charges a self-service dispense to the member's account.
func (h *Handlers) FuelDispensed(ctx context.Context, rec *kgo.Record, evt kafka.Event) error {
	var p pumpDispense
	if err := json.Unmarshal(evt.Payload, &p); err != nil {
		return kafka.Permanent(fmt.Errorf("pump payload: %w", err))
	}
	if p.MemberID == "" || p.GallonsMilli <= 0 {
		return kafka.Permanent(fmt.Errorf("pump %s seq %d: no member or zero volume", p.PumpID, p.Sequence))
	}
	return h.fuel.RecordDispense(ctx, fuel.DispenseInput{
		PumpID:       p.PumpID,
		PumpSequence: p.Sequence,
		MemberID:     p.MemberID,
		FobID:        p.FobID,
		FuelGrade:    p.Grade,
		GallonsMilli: p.GallonsMilli,
		DispensedAt:  p.CompletedAt,
	})
}

type finishScored struct {
	RegattaID        string    `json:"regatta_id"`
	SailNumber       string    `json:"sail_number"`
	Race             int       `json:"race"`
	FinishSeconds    int       `json:"finish_seconds"`
	CorrectedSeconds int       `json:"corrected_seconds"`
	Place            int       `json:"place"`
	Code             string    `json:"code"`
	ScoredAt         time.Time `json:"scored_at"`
}

// FinishScored stores the scorer's result for a boat in a race.
func (h *Handlers) FinishScored(ctx context.Context, rec *kgo.Record, evt kafka.Event) error {
	var p finishScored
	if err := json.Unmarshal(evt.Payload, &p); err != nil {
		return kafka.Permanent(fmt.Errorf("finish payload: %w", err))
	}
	err := h.regatta.RecordScore(ctx, regatta.ScoreInput{
		RegattaID:        p.RegattaID,
		SailNumber:       p.SailNumber,
		RaceNumber:       p.Race,
		FinishSeconds:    p.FinishSeconds,
		CorrectedSeconds: p.CorrectedSeconds,
		Place:            p.Place,
		Code:             p.Code,
		ScoredAt:         p.ScoredAt,
	})
	if errors.Is(err, store.ErrNotFound) {
		return kafka.Permanent(err)
	}
	return err
}
