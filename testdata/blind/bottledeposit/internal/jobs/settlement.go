package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/pantloop/deposit/internal/period"
	"github.com/pantloop/deposit/internal/settlement"
)

// MonthlySettlementWorker fans the settlement run out into one job per shop.
type MonthlySettlementWorker struct {
	river.WorkerDefaults[MonthlySettlementArgs]
	Settlement *settlement.Service
	Now        func() time.Time
}

func (w *MonthlySettlementWorker) Work(ctx context.Context, job *river.Job[MonthlySettlementArgs]) error {
	month := period.Previous(w.Now())
	shops, err := w.Settlement.ShopsToSettle(ctx)
	if err != nil {
		return err
	}
	if len(shops) == 0 {
		return nil
	}
	params := make([]river.InsertManyParams, 0, len(shops))
	for _, id := range shops {
		params = append(params, river.InsertManyParams{
			Args: SettleShopArgs{ShopID: id, Period: month.Key()},
			InsertOpts: &river.InsertOpts{
				Queue:      "settlement",
				UniqueOpts: river.UniqueOpts{ByArgs: true},
			},
		})
	}
	client := river.ClientFromContext[pgx.Tx](ctx)
	if _, err := client.InsertMany(ctx, params); err != nil {
		return fmt.Errorf("enqueue shop settlements: %w", err)
	}
	return nil
}

// SettleShopWorker settles one shop.
type SettleShopWorker struct {
	river.WorkerDefaults[SettleShopArgs]
	Settlement *settlement.Service
}

func (w *SettleShopWorker) Work(ctx context.Context, job *river.Job[SettleShopArgs]) error {
	month, err := period.Parse(job.Args.Period)
	if err != nil {
		return river.JobCancel(err)
	}
	_, err = w.Settlement.SettleShop(ctx, job.Args.ShopID, month)
	if errors.Is(err, settlement.ErrNothingToSettle) {
		return nil
	}
	return err
}

func (w *SettleShopWorker) Timeout(*river.Job[SettleShopArgs]) time.Duration {
	return 2 * time.Minute
}
