package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/store"
)

// InventoryService owns on-hand stock changes that are not part of order
// reservation: adjustments, cycle counts, restocks and shipments.
type InventoryService struct {
	base
	db        *sqlx.DB
	inventory *store.InventoryRepo
	idem      *store.IdempotencyRepo
}

// NewInventoryService builds the service.
func NewInventoryService(r *store.Repos, opts ...Option) *InventoryService {
	return &InventoryService{base: newBase(opts), db: r.DB, inventory: r.Inventory, idem: r.Idempotency}
}

// Levels lists a merchant's stock.
func (s *InventoryService) Levels(ctx context.Context, merchantID string) ([]domain.InventoryLevel, error) {
	return s.inventory.Levels(ctx, merchantID)
}

// AdjustInput is a manual stock correction from the merchant portal.
type AdjustInput struct {
	SKU    string `json:"sku"`
	Delta  int    `json:"delta"`
	Reason string `json:"reason"`
	Note   string `json:"note"`
	By     string `json:"by"`
}

// Adjust applies a manual correction. When the caller sends an
// Idempotency-Key, the first response is stored and replayed.
func (s *InventoryService) Adjust(ctx context.Context, merchantID, key string, in AdjustInput) (domain.StockAdjustment, *StoredResponse, error) {
	if in.SKU == "" || in.Delta == 0 {
		return domain.StockAdjustment{}, nil, fmt.Errorf("%w: sku and a non-zero delta are required", domain.ErrValidation)
	}
	raw, _ := json.Marshal(in)
	sum := sha256.Sum256(raw)
	hash := hex.EncodeToString(sum[:])

	if key != "" {
		rec, err := s.idem.Lookup(ctx, s.db, merchantID, key)
		switch {
		case err == nil && rec.RequestHash != hash:
			return domain.StockAdjustment{}, nil, ErrKeyReused
		case err == nil && rec.ResponseCode != nil:
			return domain.StockAdjustment{}, &StoredResponse{Code: *rec.ResponseCode, Body: rec.ResponseBody}, nil
		case err != nil && !errors.Is(err, domain.ErrNotFound):
			return domain.StockAdjustment{}, nil, err
		}
	}

	adj := domain.StockAdjustment{
		ID:         "adj_" + s.ids.New(),
		MerchantID: merchantID,
		SKU:        in.SKU,
		Delta:      in.Delta,
		Reason:     in.Reason,
		Note:       in.Note,
		CreatedBy:  in.By,
		CreatedAt:  s.clock.Now(),
	}
	err := db.InTx(ctx, s.db, func(tx *sqlx.Tx) error {
		lvl, err := s.inventory.Level(ctx, tx, merchantID, in.SKU)
		if err != nil {
			return err
		}
		if lvl.OnHand+in.Delta < lvl.Reserved {
			return fmt.Errorf("%w: %s would drop below reserved quantity", domain.ErrInsufficient, in.SKU)
		}
		if err := s.inventory.Move(ctx, tx, merchantID, in.SKU, in.Delta, "adjustment", adj.ID); err != nil {
			return err
		}
		return s.inventory.InsertAdjustment(ctx, tx, adj)
	})
	if err != nil {
		return adj, nil, err
	}
	if key != "" {
		if err := s.idem.Remember(ctx, merchantID, key, hash, 201, adj); err != nil {
			s.log.Warn("store idempotent response", "merchant", merchantID, "key", key, "err", err)
		}
	}
	return adj, nil, nil
}

// CycleCount is the event a counting device publishes after a location is
// counted. Variance is counted minus expected at the time of the count.
type CycleCount struct {
	CountID    string    `json:"count_id"`
	MerchantID string    `json:"merchant_id"`
	SKU        string    `json:"sku"`
	Location   string    `json:"location"`
	Variance   int       `json:"variance"`
	CountedBy  string    `json:"counted_by"`
	CountedAt  time.Time `json:"counted_at"`
}

// ApplyCycleCount books a count variance against on-hand stock.
func (s *InventoryService) ApplyCycleCount(ctx context.Context, c CycleCount) error {
	if c.Variance == 0 {
		return nil
	}
	return db.InTx(ctx, s.db, func(tx *sqlx.Tx) error {
		return s.inventory.Move(ctx, tx, c.MerchantID, c.SKU, c.Variance, "cycle_count", c.CountID)
	})
}

// Restock puts returned or found units back into sellable stock.
func (s *InventoryService) Restock(ctx context.Context, merchantID, ref string, lines []domain.StockDelta) error {
	return db.InTx(ctx, s.db, func(tx *sqlx.Tx) error {
		for _, l := range lines {
			if l.Delta <= 0 {
				continue
			}
			if err := s.inventory.Move(ctx, tx, merchantID, l.SKU, l.Delta, "restock", ref); err != nil {
				return err
			}
		}
		return nil
	})
}

// ShipOrder removes an order's units from on-hand and reserved stock.
func (s *InventoryService) ShipOrder(ctx context.Context, o domain.Order) error {
	return db.InTx(ctx, s.db, func(tx *sqlx.Tx) error {
		for _, l := range o.Lines {
			if err := s.inventory.Ship(ctx, tx, o.MerchantID, l.SKU, l.Qty, o.ID); err != nil {
				return err
			}
		}
		return nil
	})
}
