package partners

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/uptrace/bun"
)

// SalesTopic carries sale reports pushed by partners via the partner gateway.
const SalesTopic = "partners.sales"

// SaleReport is one sale made by a partner from an allocation.
type SaleReport struct {
	PartnerID    string    `json:"partner_id"`
	SaleRef      string    `json:"sale_ref"`
	AllocationID string    `json:"allocation_id"`
	Quantity     int       `json:"quantity"`
	AmountCents  int64     `json:"amount_cents"`
	SoldAt       time.Time `json:"sold_at"`
}

// SalesConsumer books partner sales against allocations.
type SalesConsumer struct {
	DB bun.IDB
}

func (c *SalesConsumer) Handle(ctx context.Context, rec *kgo.Record) error {
	var r SaleReport
	if err := json.Unmarshal(rec.Value, &r); err != nil {
		slog.ErrorContext(ctx, "bad partner sale report", "offset", rec.Offset, "err", err)
		return nil
	}
	return c.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewInsert().Model(&Sale{
			PartnerID:      r.PartnerID,
			PartnerSaleRef: r.SaleRef,
			AllocationID:   r.AllocationID,
			Quantity:       r.Quantity,
			AmountCents:    r.AmountCents,
			SoldAt:         r.SoldAt,
		}).On("CONFLICT (partner_id, partner_sale_ref) DO NOTHING").Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		_, err = tx.NewUpdate().Model((*Allocation)(nil)).
			Set("sold = sold + ?", r.Quantity).
			Where("id = ? AND partner_id = ?", r.AllocationID, r.PartnerID).
			Exec(ctx)
		return err
	})
}
