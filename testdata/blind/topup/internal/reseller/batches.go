package reseller

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/example/topup/internal/carrier"
	"github.com/example/topup/internal/domain"
	"github.com/example/topup/internal/jobs"
	"github.com/example/topup/internal/ledger"
	"github.com/example/topup/internal/store/sqlxstore"
)

const maxBatchItems = 5000

type BatchService struct {
	db      *sqlx.DB
	batches BatchRepository
	wallets Wallets
	carrier carrier.API
	queue   jobs.Queue
	log     *slog.Logger
}

func NewBatchService(db *sqlx.DB, batches BatchRepository, wallets Wallets, c carrier.API, q jobs.Queue, log *slog.Logger) *BatchService {
	return &BatchService{db: db, batches: batches, wallets: wallets, carrier: c, queue: q, log: log.With("svc", "batches")}
}

type BatchLine struct {
	MSISDN      string `json:"msisdn"`
	Operator    string `json:"operator"`
	AmountCents int64  `json:"amount_cents"`
}

type SubmitBatchCommand struct {
	ResellerID  uuid.UUID
	ResellerRef string
	Lines       []BatchLine
}

// Submit stores a reseller batch and schedules one job per line.
func (s *BatchService) Submit(ctx context.Context, cmd SubmitBatchCommand) (*domain.Batch, error) {
	if cmd.ResellerRef == "" {
		return nil, fmt.Errorf("%w: batch reference is required", domain.ErrValidation)
	}
	if len(cmd.Lines) == 0 || len(cmd.Lines) > maxBatchItems {
		return nil, fmt.Errorf("%w: a batch holds 1..%d lines", domain.ErrValidation, maxBatchItems)
	}

	b := &domain.Batch{
		ID:          uuid.New(),
		ResellerID:  cmd.ResellerID,
		ResellerRef: cmd.ResellerRef,
		Status:      "received",
		ItemCount:   len(cmd.Lines),
	}
	items := make([]domain.BatchItem, 0, len(cmd.Lines))
	for i, l := range cmd.Lines {
		if l.AmountCents <= 0 || l.MSISDN == "" {
			return nil, fmt.Errorf("%w: line %d is incomplete", domain.ErrValidation, i+1)
		}
		b.TotalCents += l.AmountCents
		items = append(items, domain.BatchItem{
			ID:          uuid.New(),
			BatchID:     b.ID,
			MSISDN:      l.MSISDN,
			Operator:    l.Operator,
			AmountCents: l.AmountCents,
			Status:      "queued",
		})
	}

	err := sqlxstore.InTx(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.batches.Insert(ctx, tx, b); err != nil {
			return err
		}
		return s.batches.InsertItems(ctx, tx, items)
	})
	if err != nil {
		return nil, fmt.Errorf("store batch: %w", err)
	}

	for _, it := range items {
		payload := jobs.ProcessBatchItem{BatchID: b.ID, ItemID: it.ID}
		if err := s.queue.Enqueue(ctx, jobs.TypeProcessBatchItem, payload, "batch-item:"+it.ID.String()); err != nil {
			return nil, fmt.Errorf("enqueue item %s: %w", it.ID, err)
		}
	}
	if err := s.batches.SetStatus(ctx, s.db, b.ID, "processing"); err != nil {
		return nil, err
	}
	b.Status = "processing"
	return b, nil
}

type CancelBatchCommand struct {
	ResellerID uuid.UUID
	BatchID    uuid.UUID
}

// Cancel stops a batch; lines already sent to the carrier are not affected.
func (s *BatchService) Cancel(ctx context.Context, cmd CancelBatchCommand) (*domain.Batch, error) {
	var cancelled int64
	err := sqlxstore.InTx(ctx, s.db, func(tx *sqlx.Tx) error {
		ok, err := s.batches.Cancel(ctx, tx, cmd.BatchID, cmd.ResellerID)
		if err != nil || !ok {
			return err
		}
		cancelled, err = s.batches.CancelQueuedItems(ctx, tx, cmd.BatchID)
		return err
	})
	if err != nil {
		return nil, err
	}
	b, err := s.batches.Get(ctx, s.db, cmd.BatchID)
	if err != nil {
		return nil, err
	}
	if b.ResellerID != cmd.ResellerID {
		return nil, domain.ErrNotFound
	}
	if b.Status != "cancelled" {
		return nil, fmt.Errorf("%w: batch is %s", domain.ErrInvalidState, b.Status)
	}
	s.log.Info("batch cancelled", "batch", b.ID, "items", cancelled)
	return b, nil
}

// ProcessItem credits one batch line and charges the reseller wallet for it.
func (s *BatchService) ProcessItem(ctx context.Context, p jobs.ProcessBatchItem) error {
	item, err := s.batches.GetItem(ctx, s.db, p.ItemID)
	if err != nil {
		return err
	}
	if item.Status != "queued" {
		return nil
	}
	b, err := s.batches.Get(ctx, s.db, item.BatchID)
	if err != nil {
		return err
	}
	if b.Status == "cancelled" {
		return nil
	}
	w, err := s.wallets.WalletForReseller(ctx, b.ResellerID)
	if err != nil {
		return err
	}
	if w.BalanceCents < item.AmountCents {
		msg := "insufficient wallet balance"
		return s.batches.MarkItem(ctx, s.db, item.ID, "failed", nil, &msg)
	}

	resp, err := s.carrier.CreditAirtime(ctx, carrier.CreditRequest{
		MSISDN:      item.MSISDN,
		Operator:    item.Operator,
		AmountCents: item.AmountCents,
		Currency:    w.Currency,
		Reference:   item.ID.String(),
	})
	if err != nil {
		var apiErr *carrier.APIError
		if errors.As(err, &apiErr) && apiErr.Rejected() {
			msg := apiErr.Message
			return s.batches.MarkItem(ctx, s.db, item.ID, "failed", nil, &msg)
		}
		return err
	}

	if _, err := s.wallets.PostOnce(ctx, w.ID, -item.AmountCents, ledger.KindBatchItem,
		"batch-item:"+item.ID.String(), "batch "+b.ResellerRef+" line "+item.MSISDN); err != nil {
		s.log.Error("wallet debit failed after carrier credit", "item", item.ID, "err", err)
		return err
	}
	return s.batches.MarkItem(ctx, s.db, item.ID, "done", &resp.TransactionID, nil)
}
