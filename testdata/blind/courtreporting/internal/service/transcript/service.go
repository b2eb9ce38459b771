// Package transcript implements service.Transcripts: reporter submission,
// delivery to the LexVault portal and the portal's callbacks.
package transcript

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/hibiken/asynq"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/stenoline-legal/depobook/internal/domain"
	"github.com/stenoline-legal/depobook/internal/platform/dbx"
	"github.com/stenoline-legal/depobook/internal/platform/ids"
	"github.com/stenoline-legal/depobook/internal/provider/portal"
	"github.com/stenoline-legal/depobook/internal/queue"
	"github.com/stenoline-legal/depobook/internal/repository"
	"github.com/stenoline-legal/depobook/internal/service"
)

type Params struct {
	fx.In

	Tx          dbx.Tx
	Firms       repository.Firms
	Bookings    repository.Bookings
	Reporters   repository.Reporters
	Transcripts repository.Transcripts
	Payroll     repository.Payroll
	Queue       queue.Enqueuer
	Portal      service.Portal
	Clock       service.Clock
	Log         *zap.Logger
}

type Service struct {
	tx          dbx.Tx
	firms       repository.Firms
	bookings    repository.Bookings
	reporters   repository.Reporters
	transcripts repository.Transcripts
	payroll     repository.Payroll
	queue       queue.Enqueuer
	portal      service.Portal
	now         service.Clock
	log         *zap.Logger

	portalHandlers map[string]portalHandler
}

var _ service.Transcripts = (*Service)(nil)

func New(p Params) *Service {
	s := &Service{
		tx:          p.Tx,
		firms:       p.Firms,
		bookings:    p.Bookings,
		reporters:   p.Reporters,
		transcripts: p.Transcripts,
		payroll:     p.Payroll,
		queue:       p.Queue,
		portal:      p.Portal,
		now:         p.Clock,
		log:         p.Log.Named("transcript"),
	}
	s.portalHandlers = s.registerPortalHandlers()
	return s
}

// Submit is called by the reporter app when the certified transcript has
// been uploaded. It books the reporter's page pay and queues delivery.
func (s *Service) Submit(ctx context.Context, in service.SubmitTranscriptInput) (*domain.Transcript, error) {
	if in.Pages <= 0 || in.FileKey == "" {
		return nil, fmt.Errorf("%w: pages and file_key are required", domain.ErrValidation)
	}
	t, err := s.transcripts.Get(ctx, in.TranscriptID)
	if err != nil {
		return nil, err
	}
	if t.ReporterID != in.ReporterID {
		return nil, domain.ErrNotFound
	}
	if t.Status != domain.TranscriptInProgress {
		// A repeat of a submission that already went through: make sure
		// delivery is queued and answer with the stored state.
		if t.Pages == in.Pages && t.FileKey == in.FileKey {
			return t, s.enqueueDelivery(ctx, t.ID, t.Version)
		}
		return nil, fmt.Errorf("%w: transcript is %s", domain.ErrConflict, t.Status)
	}

	rep, err := s.reporters.Get(ctx, t.ReporterID)
	if err != nil {
		return nil, err
	}
	now := s.now()

	var out *domain.Transcript
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		out, err = s.transcripts.MarkSubmitted(ctx, t.ID, in.Pages, in.FileKey, now)
		if err != nil {
			return err
		}
		line := &domain.PayoutLine{
			ID:           ids.New("pl"),
			ReporterID:   rep.ID,
			TranscriptID: t.ID,
			Pages:        in.Pages,
			RateCents:    rep.PerPageCents,
			AmountCents:  int64(in.Pages) * rep.PerPageCents,
			Period:       domain.PayrollPeriod(now),
		}
		if err := s.payroll.AddLine(ctx, line); err != nil {
			return fmt.Errorf("payout line: %w", err)
		}
		return s.bookings.UpdateStatus(ctx, out.BookingID, domain.BookingCompleted)
	})
	if err != nil {
		return nil, err
	}
	return out, s.enqueueDelivery(ctx, out.ID, out.Version)
}

// Redeliver re-sends the current version to the portal on the firm's
// request, e.g. after they deleted it from their workspace.
func (s *Service) Redeliver(ctx context.Context, in service.RedeliverInput) (*service.RedeliverResult, error) {
	if in.RequestKey == "" {
		return nil, fmt.Errorf("%w: Idempotency-Key header is required", domain.ErrValidation)
	}
	t, err := s.transcripts.Get(ctx, in.TranscriptID)
	if err != nil {
		return nil, err
	}
	b, err := s.bookings.Get(ctx, t.BookingID)
	if err != nil {
		return nil, err
	}
	if b.FirmID != in.FirmID {
		return nil, domain.ErrNotFound
	}
	if t.Status != domain.TranscriptDelivered && t.Status != domain.TranscriptFailed {
		return nil, fmt.Errorf("%w: transcript is %s", domain.ErrConflict, t.Status)
	}

	payload := queue.DeliverPayload{TranscriptID: t.ID, Version: t.Version, Force: true}
	taskID := ids.Derive("redeliver", t.ID, in.RequestKey)
	err = s.queue.Enqueue(ctx, queue.TypeDeliverTranscript, payload, asynq.TaskID(taskID))
	if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil, err
	}
	return &service.RedeliverResult{TranscriptID: t.ID, Version: t.Version, Queued: true}, nil
}

// Deliver uploads one transcript version into the booking's portal
// matter. Runs as the transcript:deliver task.
func (s *Service) Deliver(ctx context.Context, p queue.DeliverPayload) error {
	t, err := s.transcripts.Get(ctx, p.TranscriptID)
	if err != nil {
		return err
	}
	if t.Version != p.Version {
		s.log.Info("skipping stale delivery", zap.String("transcript_id", t.ID),
			zap.Int("want", p.Version), zap.Int("have", t.Version))
		return nil
	}
	if t.Status == domain.TranscriptDelivered && !p.Force {
		return nil
	}
	b, err := s.bookings.Get(ctx, t.BookingID)
	if err != nil {
		return err
	}
	if b.PortalMatterID == "" {
		// booking:confirm opens the matter; retry until it has.
		return fmt.Errorf("booking %s has no portal matter yet", b.ID)
	}

	if err := s.transcripts.MarkDelivering(ctx, t.ID, t.Version); err != nil {
		return err
	}
	d, err := s.portal.CreateDelivery(ctx, portal.DeliveryRequest{
		MatterID:    b.PortalMatterID,
		ExternalRef: t.ID,
		FileKey:     t.FileKey,
		Pages:       t.Pages,
		Version:     t.Version,
		Certified:   true,
		Rush:        b.Rush,
	})
	if err != nil {
		return fmt.Errorf("portal delivery: %w", err)
	}

	now := s.now()
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.transcripts.RecordDelivery(ctx, &domain.TranscriptDelivery{
			TranscriptID:     t.ID,
			Version:          t.Version,
			PortalDeliveryID: d.ID,
			Attempts:         1,
			DeliveredAt:      now,
		}); err != nil {
			return err
		}
		return s.transcripts.MarkDelivered(ctx, t.ID, t.Version, now)
	})
	if err != nil {
		return err
	}

	inv := queue.BookingPayload{BookingID: b.ID}
	err = s.queue.Enqueue(ctx, queue.TypeGenerateInvoice, inv, asynq.TaskID(ids.Derive("invoice", b.ID)))
	return queue.IgnoreDuplicate(err)
}

func (s *Service) enqueueDelivery(ctx context.Context, transcriptID string, version int, extra ...string) error {
	parts := append([]string{transcriptID, strconv.Itoa(version)}, extra...)
	payload := queue.DeliverPayload{TranscriptID: transcriptID, Version: version}
	err := s.queue.Enqueue(ctx, queue.TypeDeliverTranscript, payload,
		asynq.TaskID(ids.Derive("deliver", parts...)))
	return queue.IgnoreDuplicate(err)
}
