package lab

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/veinline/plasmaops/internal/jobs"
	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/clock"
	"github.com/veinline/plasmaops/internal/platform/ids"
	"github.com/veinline/plasmaops/internal/platform/pgstore"
	"github.com/veinline/plasmaops/internal/platform/webhook"
	"github.com/veinline/plasmaops/internal/providers/labpartner"
)

const providerLab = "labpartner"

// Service is the lab use-case API.
type Service interface {
	SubmitOrder(ctx context.Context, sampleID string) error
	RecordResults(ctx context.Context, evt labpartner.ResultsEvent) error
	RecordSampleEvent(ctx context.Context, evt labpartner.SampleEvent) error
}

type service struct {
	store   *pgstore.Store
	repo    Repository
	partner labpartner.API
	jobs    jobs.Inserter
	ids     ids.Generator
	now     clock.Now
	log     *slog.Logger
}

// NewService wires the lab service.
func NewService(store *pgstore.Store, repo Repository, partner labpartner.API, inserter jobs.Inserter,
	gen ids.Generator, now clock.Now, log *slog.Logger) Service {
	return &service{
		store:   store,
		repo:    repo,
		partner: partner,
		jobs:    inserter,
		ids:     gen,
		now:     now,
		log:     log.With("component", "lab"),
	}
}

// SubmitOrder sends a pending sample to the testing partner. The sample id
// doubles as the partner's idempotency key and client sample id.
func (s *service) SubmitOrder(ctx context.Context, sampleID string) error {
	db := s.store.DB()
	sample, err := s.repo.GetSample(ctx, db, sampleID)
	if err != nil {
		return err
	}
	if sample.Status != SamplePending {
		return nil
	}
	receipt, err := s.partner.SubmitOrder(ctx, labpartner.Order{
		ClientSampleID: sample.ID,
		TubeBarcode:    sample.TubeBarcode,
		Panel:          sample.Panel,
		CollectedAt:    sample.CollectedAt,
		CollectionSite: sample.CentreID,
		Priority:       "routine",
	}, "order-"+sample.ID)
	if err != nil {
		return err
	}
	if !receipt.Accepted {
		return fmt.Errorf("lab partner did not accept order for sample %s", sample.ID)
	}
	return s.repo.MarkOrdered(ctx, db, sample.ID, receipt.OrderID, s.now())
}

func validateResults(evt labpartner.ResultsEvent) error {
	if evt.ClientSampleID == "" {
		return apperr.Invalid("client_sample_id is required")
	}
	for _, r := range evt.Results {
		if r.TestCode == "" || !validOutcomes[r.Outcome] {
			return apperr.Invalid("invalid result %q/%q", r.TestCode, r.Outcome)
		}
	}
	return nil
}

// RecordResults stores the assay outcomes the partner reports. Partial
// reports arrive as assays finish; the final report triggers release
// evaluation of the unit.
func (s *service) RecordResults(ctx context.Context, evt labpartner.ResultsEvent) error {
	if err := validateResults(evt); err != nil {
		return err
	}
	return s.store.InTx(ctx, func(tx pgx.Tx) error {
		sample, err := s.repo.LockSample(ctx, tx, evt.ClientSampleID)
		if err != nil {
			return err
		}
		if sample.Status == SampleRejected {
			s.log.Warn("results for rejected sample", "sample_id", sample.ID, "event_id", evt.EventID)
			return nil
		}
		for _, r := range evt.Results {
			res := Result{
				ID:         s.ids.New(),
				SampleID:   sample.ID,
				TestCode:   strings.ToUpper(r.TestCode),
				Outcome:    r.Outcome,
				Value:      r.Value,
				Method:     r.Method,
				ResultedAt: r.ResultedAt,
			}
			if err := s.repo.InsertResult(ctx, tx, res); err != nil {
				return err
			}
		}
		if !evt.Final {
			return nil
		}
		if err := s.repo.MarkResulted(ctx, tx, sample.ID, s.now()); err != nil {
			return err
		}
		_, err = s.jobs.InsertTx(ctx, tx, jobs.EvaluateUnitArgs{UnitID: sample.UnitID}, &river.InsertOpts{
			UniqueOpts: river.UniqueOpts{ByArgs: true},
		})
		return err
	})
}

// RecordSampleEvent applies a sample lifecycle event. The delivery marker
// is claimed in the same transaction as the effects.
func (s *service) RecordSampleEvent(ctx context.Context, evt labpartner.SampleEvent) error {
	if evt.EventID == "" || evt.ClientSampleID == "" {
		return apperr.Invalid("event_id and client_sample_id are required")
	}
	return s.store.InTx(ctx, func(tx pgx.Tx) error {
		first, err := webhook.Claim(ctx, tx, providerLab, evt.EventID, evt.Type)
		if err != nil {
			return err
		}
		if !first {
			return nil
		}
		sample, err := s.repo.LockSample(ctx, tx, evt.ClientSampleID)
		if err != nil {
			return err
		}
		occurred := evt.OccurredAt
		if occurred.IsZero() {
			occurred = s.now()
		}
		if err := s.repo.AppendEvent(ctx, tx, SampleEvent{
			ID:         s.ids.New(),
			SampleID:   sample.ID,
			EventType:  evt.Type,
			Detail:     evt.Reason,
			OccurredAt: occurred,
		}); err != nil {
			return err
		}
		if evt.Type != "sample.rejected" {
			return nil
		}
		rejected, err := s.repo.MarkRejected(ctx, tx, sample.ID, evt.Reason)
		if err != nil || !rejected {
			return err
		}
		return s.repo.RejectUnit(ctx, tx, sample.UnitID, "test sample rejected: "+evt.Reason)
	})
}
