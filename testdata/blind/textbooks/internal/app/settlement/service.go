// Package settlement sells wholesale-bound copies to the wholesalers each
// night, books the freight and applies their regrades.
package settlement

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/domain"
	"github.com/quirecampus/bookloop/internal/platform/queue"
	"github.com/quirecampus/bookloop/internal/provider/wholesale"
	"github.com/quirecampus/bookloop/internal/repo"
)

type Partner interface {
	CreateLot(ctx context.Context, req wholesale.LotRequest, opts ...wholesale.CallOption) (*wholesale.Lot, error)
	SubmitInvoice(ctx context.Context, req wholesale.InvoiceRequest, opts ...wholesale.CallOption) (*wholesale.Invoice, error)
	RequestPickup(ctx context.Context, lotID string, req wholesale.PickupRequest) (*wholesale.Pickup, error)
}

type TxRunner interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type Config struct {
	Currency    string
	PickupSite  string
	ContactName string
	// BooksPerCarton sizes the pickup request.
	BooksPerCarton int
}

type Service struct {
	db      *bun.DB
	batches *repo.Settlement
	copies  *repo.Copies
	partner Partner
	queue   queue.Enqueuer
	tx      TxRunner
	cfg     Config
}

var _ app.SettlementService = (*Service)(nil)

func New(db *bun.DB, batches *repo.Settlement, copies *repo.Copies, partner Partner, q queue.Enqueuer, tx TxRunner, cfg Config) *Service {
	if cfg.BooksPerCarton == 0 {
		cfg.BooksPerCarton = 30
	}
	return &Service{db: db, batches: batches, copies: copies, partner: partner, queue: q, tx: tx, cfg: cfg}
}

// RunNightly settles the previous business day with every active
// wholesaler. One wholesaler failing does not stop the others; the job is
// retried and picks up where each batch left off.
func (s *Service) RunNightly(ctx context.Context, day time.Time) error {
	ws, err := s.batches.ActiveWholesalers(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, w := range ws {
		if err := s.settle(ctx, w, day); err != nil {
			slog.ErrorContext(ctx, "settlement failed", "wholesaler", w.ID, "day", day.Format(time.DateOnly), "err", err)
			errs = append(errs, fmt.Errorf("%s: %w", w.ID, err))
		}
	}
	return errors.Join(errs...)
}

func (s *Service) settle(ctx context.Context, w domain.Wholesaler, day time.Time) error {
	batch, err := s.batches.OpenBatch(ctx, w.ID, day)
	if err != nil {
		return fmt.Errorf("open batch: %w", err)
	}
	if batch.Status != domain.BatchOpen {
		return nil
	}

	copies, err := s.copies.PendingWholesale(ctx, w.ID)
	if err != nil {
		return err
	}
	if len(copies) == 0 {
		return nil
	}
	items := make([]wholesale.LotItem, 0, len(copies))
	copyIDs := make([]string, 0, len(copies))
	var total int64
	for _, c := range copies {
		items = append(items, wholesale.LotItem{
			ExternalRef: c.ID,
			ISBN:        c.ISBN,
			Grade:       c.Grade,
			PriceCents:  c.WholesalePriceCents,
		})
		copyIDs = append(copyIDs, c.ID)
		total += c.WholesalePriceCents
	}

	lot, err := s.partner.CreateLot(ctx, wholesale.LotRequest{
		WholesalerID: w.PartnerID,
		Reference:    batch.ID,
		Items:        items,
	}, wholesale.IdempotencyKey("lot-"+batch.ID))
	if err != nil {
		return fmt.Errorf("create lot: %w", err)
	}

	inv, err := s.partner.SubmitInvoice(ctx, wholesale.InvoiceRequest{
		LotID:       lot.ID,
		AmountCents: total,
		Currency:    s.cfg.Currency,
		Memo:        fmt.Sprintf("Bookloop buyback %s (%d books)", day.Format(time.DateOnly), len(items)),
	})
	if err != nil {
		return fmt.Errorf("submit invoice: %w", err)
	}

	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.copies.MarkSettled(ctx, copyIDs, batch.ID); err != nil {
			return err
		}
		return s.batches.WithTx(tx).MarkSubmitted(ctx, batch.ID, lot.ID, inv.ID, len(items), total)
	})
	if err != nil {
		return fmt.Errorf("record submission: %w", err)
	}

	// Freight is booked by its own task so a carrier outage does not hold
	// up invoicing.
	err = s.queue.Enqueue(ctx, queue.TypeWholesalePickup, queue.PickupTask{BatchID: batch.ID},
		asynq.TaskID("pickup:"+batch.ID))
	if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
		return err
	}
	return nil
}

// SchedulePickup books the wholesaler's carrier for a submitted batch.
func (s *Service) SchedulePickup(ctx context.Context, batchID string) error {
	b, err := s.batches.Batch(ctx, batchID)
	if err != nil {
		return err
	}
	if b.PickupRef != "" {
		return nil
	}
	if b.PartnerLotID == "" {
		return fmt.Errorf("batch %s has no lot yet: %w", b.ID, asynq.SkipRetry)
	}
	cartons := (b.CopyCount + s.cfg.BooksPerCarton - 1) / s.cfg.BooksPerCarton
	p, err := s.partner.RequestPickup(ctx, b.PartnerLotID, wholesale.PickupRequest{
		Site:        s.cfg.PickupSite,
		Cartons:     cartons,
		ReadyAfter:  nextMorning(time.Now()),
		ContactName: s.cfg.ContactName,
	})
	if err != nil {
		return fmt.Errorf("request pickup: %w", err)
	}
	return s.batches.SetPickupRef(ctx, b.ID, p.Reference)
}

func nextMorning(now time.Time) time.Time {
	y, m, d := now.Date()
	return time.Date(y, m, d+1, 9, 0, 0, 0, now.Location())
}

// ApplyRegrade adjusts wholesale prices after the wholesaler re-grades
// copies on receipt. Each task is applied once, keyed by its task ID.
func (s *Service) ApplyRegrade(ctx context.Context, taskID, lotID string, lines []app.RegradeEntry) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		first, err := s.batches.ClaimRegrade(ctx, taskID, lotID)
		if err != nil || !first {
			return err
		}
		for _, l := range lines {
			if err := s.copies.ApplyWholesaleDelta(ctx, l.CopyID, l.NewGrade, l.DeltaCents); err != nil {
				return fmt.Errorf("copy %s: %w", l.CopyID, err)
			}
		}
		return nil
	})
}
