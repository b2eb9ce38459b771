package materials

import (
	"context"

	"github.com/pantloop/deposit/internal/store"
	"github.com/pantloop/deposit/internal/txn"
)

// StockLedger keeps the running stock of sealed bags waiting at each kiosk
// for the recycler's truck.
type StockLedger struct {
	pool txn.Pool
}

// Add increases the stock of one material at a kiosk by one bag.
func (l *StockLedger) Add(ctx context.Context, recyclerID, kioskID, material string, grams int64) (store.RecyclerStock, error) {
	var st store.RecyclerStock
	err := txn.Run(ctx, l.pool, func(q *store.Queries) error {
		var err error
		st, err = q.AddRecyclerStock(ctx, store.AddRecyclerStockParams{
			RecyclerID:  recyclerID,
			KioskID:     kioskID,
			Material:    material,
			WeightGrams: grams,
		})
		return err
	})
	return st, err
}

// RecordBag stores the bag's seal number for the recycler's weighbridge
// reconciliation.
func (l *StockLedger) RecordBag(ctx context.Context, bag store.InsertCollectionBagParams) error {
	return txn.Run(ctx, l.pool, func(q *store.Queries) error {
		_, err := q.InsertCollectionBag(ctx, bag)
		return err
	})
}

// Totals sums a kiosk's waiting stock for a recycler.
func (l *StockLedger) Totals(ctx context.Context, recyclerID, kioskID string) (weight, bags int64, err error) {
	rows, err := store.New(l.pool).ListStockAboveThreshold(ctx)
	if err != nil {
		return 0, 0, err
	}
	for _, r := range rows {
		if r.RecyclerID == recyclerID && r.KioskID == kioskID {
			return r.WeightGrams, r.Bags, nil
		}
	}
	return 0, 0, nil
}
