// Package germination sends incoming lots to the partner lab, records the
// results it reports and decides whether a lot goes into circulation.
package germination

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/events"
	"github.com/furrowline/seedbank/internal/platform/database"
	"github.com/furrowline/seedbank/internal/platform/idgen"
	"github.com/furrowline/seedbank/internal/platform/messaging"
	"github.com/furrowline/seedbank/internal/providers/germlab"
)

type (
	Lots interface {
		Get(ctx context.Context, id string) (*domain.SeedLot, error)
		UpdateWhere(ctx context.Context, set map[string]any, query string, args ...any) (int64, error)
	}
	Samples interface {
		CreateOrSkip(ctx context.Context, s *domain.LabSample, conflictCols ...string) (bool, error)
		FindOne(ctx context.Context, query string, args ...any) (*domain.LabSample, error)
		UpdateWhere(ctx context.Context, set map[string]any, query string, args ...any) (int64, error)
	}
	Tests interface {
		Create(ctx context.Context, t *domain.GerminationTest) error
	}
	Packets interface {
		Restock(ctx context.Context, packetID string, qty int) error
	}
	Processed interface {
		Claim(ctx context.Context, handler, messageID string) (bool, error)
	}
	// Lab is the partner lab API.
	Lab interface {
		SubmitSample(ctx context.Context, req germlab.SampleRequest, opts germlab.SubmitOptions) (*germlab.Sample, error)
		RequestRetest(ctx context.Context, sampleID, reason string) (*germlab.Sample, error)
	}
)

// Deps groups the collaborators of Service.
type Deps struct {
	Tx        database.TxRunner
	Lots      Lots
	Samples   Samples
	Tests     Tests
	Packets   Packets
	Processed Processed
	Lab       Lab
	Outbox    messaging.Enqueuer
	Log       *slog.Logger
}

// Options tunes the service.
type Options struct {
	// ThresholdPct is the germination rate a lot must reach to be accepted.
	ThresholdPct   float64
	SeedsPerTest   int
	MaxRetests     int
	CallbackURL    string
	GramsPerPacket int
}

type Service struct {
	d    Deps
	opts Options
}

func NewService(d Deps, opts Options) *Service {
	if opts.SeedsPerTest == 0 {
		opts.SeedsPerTest = 100
	}
	if opts.MaxRetests == 0 {
		opts.MaxRetests = 1
	}
	if opts.GramsPerPacket == 0 {
		opts.GramsPerPacket = 2
	}
	return &Service{d: d, opts: opts}
}

// SubmitLot orders a germination test for a newly received lot.
func (s *Service) SubmitLot(ctx context.Context, lotID string) error {
	lot, err := s.d.Lots.Get(ctx, lotID)
	if err != nil {
		return err
	}
	if lot.Status != domain.LotReceived {
		return nil
	}

	sample, err := s.d.Lab.SubmitSample(ctx, germlab.SampleRequest{
		PartnerRef:  lot.ID,
		Species:     lot.Species,
		Variety:     lot.VarietyName,
		Seeds:       s.opts.SeedsPerTest,
		Method:      "between-paper",
		CallbackURL: s.opts.CallbackURL,
	}, germlab.SubmitOptions{Priority: lot.Source == "donation"})
	if err != nil {
		return fmt.Errorf("submit lot %s: %w", lot.ID, err)
	}

	return s.d.Tx.WithinTx(ctx, func(ctx context.Context) error {
		if _, err := s.d.Samples.CreateOrSkip(ctx, &domain.LabSample{
			ID:          idgen.New("smp"),
			LotID:       lot.ID,
			SampleRef:   sample.ID,
			Status:      "submitted",
			SubmittedAt: time.Now().UTC(),
		}, "lot_id"); err != nil {
			return err
		}
		_, err := s.d.Lots.UpdateWhere(ctx,
			map[string]any{"status": domain.LotTesting, "updated_at": time.Now().UTC()},
			"id = ? AND status = ?", lot.ID, domain.LotReceived)
		return err
	})
}

// RecordResult stores a result the lab posted to the webhook.
func (s *Service) RecordResult(ctx context.Context, r *germlab.Result) error {
	return s.d.Tx.WithinTx(ctx, func(ctx context.Context) error {
		sample, err := s.d.Samples.FindOne(ctx, "sample_ref = ?", r.SampleID)
		if err != nil {
			return err
		}
		test := &domain.GerminationTest{
			LotID:           sample.LotID,
			SampleRef:       r.SampleID,
			SeedsSown:       r.SeedsSown,
			SeedsGerminated: r.SeedsGerminated,
			Method:          r.Method,
			ReportedAt:      r.CompletedAt,
		}
		if err := s.d.Tests.Create(ctx, test); err != nil {
			return err
		}
		n, err := s.d.Lots.UpdateWhere(ctx,
			map[string]any{"status": domain.LotTested, "updated_at": time.Now().UTC()},
			"id = ? AND status IN ?", sample.LotID, []string{domain.LotTesting, domain.LotRetest})
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		return s.d.Outbox.Enqueue(ctx, messaging.TopicGerminationCompleted, events.GerminationCompleted{
			LotID:     sample.LotID,
			SampleRef: r.SampleID,
			Run:       r.Run,
			RatePct:   test.RatePct,
		})
	})
}

const acceptHandler = "germination.accept"

// HandleCompleted accepts a lot that reached the threshold or orders a
// retest for one that did not.
func (s *Service) HandleCompleted(ctx context.Context, messageID string, evt events.GerminationCompleted) error {
	if evt.RatePct >= s.opts.ThresholdPct {
		return s.accept(ctx, messageID, evt)
	}

	sample, err := s.d.Samples.FindOne(ctx, "lot_id = ?", evt.LotID)
	if err != nil {
		return err
	}
	if sample.RetestCount >= s.opts.MaxRetests {
		_, err := s.d.Lots.UpdateWhere(ctx,
			map[string]any{"status": domain.LotRejected, "updated_at": time.Now().UTC()},
			"id = ? AND status = ?", evt.LotID, domain.LotTested)
		return err
	}

	reason := fmt.Sprintf("run %d germinated %.1f%%, below %.0f%%", evt.Run, evt.RatePct, s.opts.ThresholdPct)
	if _, err := s.d.Lab.RequestRetest(ctx, sample.SampleRef, reason); err != nil {
		return fmt.Errorf("order retest for %s: %w", sample.SampleRef, err)
	}
	return s.d.Tx.WithinTx(ctx, func(ctx context.Context) error {
		if _, err := s.d.Samples.UpdateWhere(ctx,
			map[string]any{"retest_count": gorm.Expr("retest_count + 1"), "status": "retest", "updated_at": time.Now().UTC()},
			"id = ?", sample.ID); err != nil {
			return err
		}
		_, err := s.d.Lots.UpdateWhere(ctx,
			map[string]any{"status": domain.LotRetest, "updated_at": time.Now().UTC()},
			"id = ? AND status = ?", evt.LotID, domain.LotTested)
		return err
	})
}

func (s *Service) accept(ctx context.Context, messageID string, evt events.GerminationCompleted) error {
	return s.d.Tx.WithinTx(ctx, func(ctx context.Context) error {
		first, err := s.d.Processed.Claim(ctx, acceptHandler, messageID)
		if err != nil || !first {
			return err
		}
		lot, err := s.d.Lots.Get(ctx, evt.LotID)
		if err != nil {
			return err
		}
		if _, err := s.d.Lots.UpdateWhere(ctx,
			map[string]any{"status": domain.LotAccepted, "updated_at": time.Now().UTC()},
			"id = ?", lot.ID); err != nil {
			return err
		}
		if lot.PacketID == nil {
			s.d.Log.InfoContext(ctx, "accepted lot has no packet line yet", slog.String("lot", lot.ID))
			return nil
		}
		return s.d.Packets.Restock(ctx, *lot.PacketID, lot.Grams/s.opts.GramsPerPacket)
	})
}
