// Package tipping batches landfill tipping fees by period and remits them
// to the disposal partner.
package tipping

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/haulcore/wastehaul/internal/jobs/jobargs"
	"github.com/haulcore/wastehaul/internal/platform/idgen"
	"github.com/haulcore/wastehaul/internal/providers/disposal"
	"github.com/haulcore/wastehaul/internal/store"
)

// Service is the tipping-fee use-case surface.
type Service interface {
	OpenBatch(ctx context.Context, landfillCode, period string) (store.Batch, bool, error)
	Remit(ctx context.Context, batchID string) error
}

// Remitter pays tipping fees to the landfill partner.
type Remitter interface {
	PayRemittance(ctx context.Context, req disposal.RemittanceRequest) (*disposal.Remittance, error)
}

// Option configures the service.
type Option func(*service)

// WithClock overrides the clock.
func WithClock(now func() time.Time) Option { return func(s *service) { s.now = now } }

// WithRefGenerator overrides how remittance references are minted.
func WithRefGenerator(f func() string) Option { return func(s *service) { s.newRef = f } }

type service struct {
	db      *store.DB
	tipping store.Tipping
	tickets store.Tickets
	jobs    jobargs.Enqueuer
	partner Remitter
	log     *slog.Logger
	now     func() time.Time
	newRef  func() string
}

// New returns the tipping service.
func New(db *store.DB, tipping store.Tipping, tickets store.Tickets, jobs jobargs.Enqueuer, partner Remitter, log *slog.Logger, opts ...Option) Service {
	s := &service{
		db:      db,
		tipping: tipping,
		tickets: tickets,
		jobs:    jobs,
		partner: partner,
		log:     log,
		now:     time.Now,
		newRef:  func() string { return "rem-" + uuid.NewString() },
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// OpenBatch closes out a landfill's period: it attaches every unbatched
// accrual weighed in that month and queues the remittance.
func (s *service) OpenBatch(ctx context.Context, landfillCode, period string) (store.Batch, bool, error) {
	from, err := time.Parse("2006-01", period)
	if err != nil {
		return store.Batch{}, false, fmt.Errorf("period must be YYYY-MM: %w", err)
	}
	to := from.AddDate(0, 1, 0)
	if !to.Before(s.now()) {
		return store.Batch{}, false, fmt.Errorf("period %s has not ended: %w", period, store.ErrConflict)
	}

	var (
		out     store.Batch
		created bool
	)
	err = s.db.InTx(ctx, func(tx pgx.Tx) error {
		b, fresh, err := s.tipping.OpenBatch(ctx, tx, store.Batch{
			ID:           idgen.New(),
			LandfillCode: landfillCode,
			Period:       period,
		})
		if err != nil {
			return err
		}
		out, created = b, fresh
		if !fresh {
			return nil
		}
		total, err := s.tipping.AttachAccruals(ctx, tx, b.ID, landfillCode, from, to)
		if err != nil {
			return err
		}
		out.TotalCents = total
		_, err = s.jobs.InsertTx(ctx, tx, jobargs.RemitTipping{BatchID: b.ID}, nil)
		return err
	})
	return out, created, err
}

func (s *service) Remit(ctx context.Context, batchID string) error {
	b, err := s.tipping.GetBatch(ctx, s.db.Q(), batchID)
	if err != nil {
		return err
	}
	if b.Status == store.BatchPaid {
		return nil
	}
	accruals, err := s.tipping.BatchAccruals(ctx, s.db.Q(), b.ID)
	if err != nil {
		return err
	}
	if len(accruals) == 0 {
		s.log.InfoContext(ctx, "empty tipping batch", "batch", b.ID)
		return s.tipping.MarkBatchPaid(ctx, s.db.Q(), b.ID, "", "", s.now())
	}

	req := disposal.RemittanceRequest{
		RemittanceRef: s.newRef(),
		SiteCode:      b.LandfillCode,
		Period:        b.Period,
		AmountCents:   b.TotalCents,
	}
	for _, a := range accruals {
		t, err := s.tickets.Get(ctx, s.db.Q(), a.TicketID)
		if err != nil {
			return err
		}
		req.Lines = append(req.Lines, disposal.RemittanceLine{
			TicketNo:    t.VendorTicketNo,
			Material:    a.Material,
			NetKg:       a.NetKg,
			AmountCents: a.AmountCents,
		})
	}

	rem, err := s.partner.PayRemittance(ctx, req)
	if errors.Is(err, disposal.ErrDuplicateRemittance) {
		s.log.InfoContext(ctx, "remittance already accepted", "batch", b.ID, "remittance", rem.ID)
	} else if err != nil {
		return fmt.Errorf("pay remittance: %w", err)
	}
	return s.tipping.MarkBatchPaid(ctx, s.db.Q(), b.ID, req.RemittanceRef, rem.ID, s.now())
}
