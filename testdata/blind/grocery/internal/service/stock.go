package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/basketline/grocery/internal/domain"
	"github.com/basketline/grocery/internal/events"
)

type StockService struct {
	tx    TxRunner
	stock StockStore
	log   *slog.Logger
}

func NewStockService(tx TxRunner, stock StockStore, log *slog.Logger) *StockService {
	return &StockService{tx: tx, stock: stock, log: log}
}

type SnapshotItem struct {
	SKU            string `json:"sku"`
	Name           string `json:"name"`
	UnitPricePence int64  `json:"unit_price_pence"`
	Quantity       int    `json:"quantity"`
	Substitutable  bool   `json:"substitutable"`
}

type Snapshot struct {
	PartnerID string         `json:"-"`
	StoreID   string         `json:"store_id"`
	Seq       int64          `json:"seq"`
	Items     []SnapshotItem `json:"items"`
}

// ApplySnapshot mirrors the absolute stock levels a partner pushes for a
// store. Rows only move forward in feed sequence.
func (s *StockService) ApplySnapshot(ctx context.Context, snap Snapshot) (int64, error) {
	if snap.Seq <= 0 || snap.StoreID == "" {
		return 0, fmt.Errorf("%w: store_id and seq are required", domain.ErrInvalid)
	}
	store, err := s.stock.Store(ctx, snap.StoreID)
	if err != nil {
		return 0, err
	}
	if store.PartnerID != snap.PartnerID {
		return 0, domain.ErrNotFound
	}
	levels := make([]*domain.StockLevel, 0, len(snap.Items))
	for _, it := range snap.Items {
		if it.SKU == "" || it.UnitPricePence < 0 {
			return 0, fmt.Errorf("%w: bad item %q", domain.ErrInvalid, it.SKU)
		}
		levels = append(levels, &domain.StockLevel{
			StoreID:        snap.StoreID,
			SKU:            it.SKU,
			Name:           it.Name,
			UnitPricePence: it.UnitPricePence,
			Quantity:       max(it.Quantity, 0),
			Substitutable:  it.Substitutable,
			FeedSeq:        snap.Seq,
		})
	}
	changed, err := s.stock.UpsertSnapshot(ctx, levels)
	if err != nil {
		return 0, fmt.Errorf("apply snapshot: %w", err)
	}
	s.log.InfoContext(ctx, "stock snapshot applied", "store_id", snap.StoreID, "seq", snap.Seq, "items", len(levels), "changed", changed)
	return changed, nil
}

// ApplyDeltas applies one batch of stock movements from the partner
// bridge. Batches are numbered per partner; anything at or below the
// cursor has been applied already.
func (s *StockService) ApplyDeltas(ctx context.Context, b events.StockDeltaBatch) error {
	last, err := s.stock.Cursor(ctx, b.PartnerID)
	if err != nil {
		return err
	}
	if b.Seq <= last {
		s.log.DebugContext(ctx, "stock batch already applied", "partner_id", b.PartnerID, "seq", b.Seq, "cursor", last)
		return nil
	}
	if b.Seq > last+1 {
		s.log.WarnContext(ctx, "gap in partner stock feed", "partner_id", b.PartnerID, "seq", b.Seq, "cursor", last)
	}
	err = s.tx.RunInTx(ctx, func(ctx context.Context) error {
		for _, d := range b.Deltas {
			if err := s.stock.ApplyDelta(ctx, b.StoreID, d.SKU, d.Delta, b.Seq); err != nil {
				return fmt.Errorf("sku %s: %w", d.SKU, err)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return s.stock.AdvanceCursor(ctx, b.PartnerID, b.Seq)
}
