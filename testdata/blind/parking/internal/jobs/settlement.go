package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"github.com/cityparking/parking/internal/domain"
	"github.com/cityparking/parking/internal/platform/logx"
	"github.com/cityparking/parking/internal/platform/queue"
	"github.com/cityparking/parking/internal/store"
)

const settlementBatchLimit = 5000

// NightlySettlement gathers the previous business day's pending charges into
// a batch and queues a capture for each.
type NightlySettlement struct {
	tx         store.TxManager
	charges    store.ChargeRepository
	settlement store.SettlementRepository
	queue      queue.Enqueuer
	loc        *time.Location
}

func NewNightlySettlement(tx store.TxManager, charges store.ChargeRepository,
	settlement store.SettlementRepository, q queue.Enqueuer) *NightlySettlement {
	loc, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		loc = time.UTC
	}
	return &NightlySettlement{tx: tx, charges: charges, settlement: settlement, queue: q, loc: loc}
}

func (h *NightlySettlement) businessDate(p queue.NightlyPayload) (time.Time, error) {
	if p.BusinessDate != "" {
		return time.ParseInLocation(time.DateOnly, p.BusinessDate, h.loc)
	}
	y, m, d := time.Now().In(h.loc).AddDate(0, 0, -1).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, h.loc), nil
}

func (h *NightlySettlement) ProcessTask(ctx context.Context, t *asynq.Task) error {
	var p queue.NightlyPayload
	if len(t.Payload()) > 0 {
		var err error
		if p, err = queue.Decode[queue.NightlyPayload](t); err != nil {
			return fmt.Errorf("%v: %w", err, asynq.SkipRetry)
		}
	}
	day, err := h.businessDate(p)
	if err != nil {
		return fmt.Errorf("%v: %w", err, asynq.SkipRetry)
	}
	log := logx.From(ctx).With("business_date", day.Format(time.DateOnly))

	batch := &domain.SettlementBatch{
		ID:           uuid.New(),
		BusinessDate: day,
		Status:       "open",
		CreatedAt:    time.Now().UTC(),
	}
	if err := h.settlement.CreateBatch(ctx, batch); err != nil {
		return fmt.Errorf("open settlement batch: %w", err)
	}

	cutoff := day.AddDate(0, 0, 1)
	var pending []domain.Charge
	var total int64
	err = h.tx.InTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		pending, err = h.charges.ListUnbatched(ctx, tx, cutoff, settlementBatchLimit)
		if err != nil {
			return err
		}
		ids := make([]uuid.UUID, len(pending))
		for i, c := range pending {
			ids[i] = c.ID
			total += c.AmountCents
		}
		if err := h.charges.AssignBatch(ctx, tx, ids, batch.ID); err != nil {
			return err
		}
		return h.settlement.MarkDispatched(ctx, tx, batch.ID, len(pending), total)
	})
	if err != nil {
		return err
	}

	for _, c := range pending {
		task, err := queue.NewChargeCapture(queue.ChargeCapturePayload{ChargeID: c.ID})
		if err != nil {
			return err
		}
		if _, err := h.queue.Enqueue(ctx, task); err != nil {
			return fmt.Errorf("queue capture for charge %s: %w", c.ID, err)
		}
	}
	log.Info("settlement batch dispatched", "batch_id", batch.ID, "charges", len(pending), "total_cents", total)
	return nil
}
