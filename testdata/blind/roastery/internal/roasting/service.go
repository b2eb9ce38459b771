// Package roasting records roast batches from the production floor and
// keeps finished-goods inventory.
package roasting

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/ridgeline-coffee/roastery/internal/db"
	"github.com/ridgeline-coffee/roastery/internal/events"
	"github.com/ridgeline-coffee/roastery/internal/ids"
	"github.com/ridgeline-coffee/roastery/internal/models"
)

// bagKg is the net weight of a retail/wholesale bag.
const bagKg = 0.34

// Errors returned to the gRPC layer.
var (
	ErrInvalid           = errors.New("roasting: invalid request")
	ErrInsufficientGreen = errors.New("roasting: not enough green coffee in lot")
	ErrNegativeStock     = errors.New("roasting: adjustment would make stock negative")
	ErrUnknownSKU        = errors.New("roasting: unknown sku")
)

// Service is used by the gRPC server.
type Service interface {
	RecordBatch(ctx context.Context, req RecordBatchRequest) (*models.RoastBatch, error)
	Adjust(ctx context.Context, req AdjustmentRequest) (*models.RoastedInventory, bool, error)
	Inventory(ctx context.Context, sku string) (*models.RoastedInventory, error)
}

// RecordBatchRequest is sent by the roaster's logging software when a batch
// is dropped from the drum.
type RecordBatchRequest struct {
	GreenLotID uuid.UUID
	MachineID  string
	Profile    string
	Operator   string
	SKU        string
	GreenKg    float64
	RoastedKg  float64
	StartedAt  time.Time
}

// AdjustmentRequest is a manual stock correction. AdjustmentID is created
// by the floor tablet when the form is opened.
type AdjustmentRequest struct {
	AdjustmentID string
	SKU          string
	DeltaBags    int
	Reason       string
	CreatedBy    string
}

type service struct {
	db        *gorm.DB
	inventory *db.Repo[models.RoastedInventory]
	log       *slog.Logger
}

// NewService returns the roasting service.
func NewService(gdb *gorm.DB, log *slog.Logger) Service {
	return &service{db: gdb, inventory: db.NewRepo[models.RoastedInventory](gdb), log: log.With("component", "roasting")}
}

// RecordBatch consumes green coffee from the lot and records the batch. The
// bags are added to finished stock by the receiving consumer once QC has
// the batch event.
func (s *service) RecordBatch(ctx context.Context, req RecordBatchRequest) (*models.RoastBatch, error) {
	if req.GreenKg <= 0 || req.RoastedKg <= 0 || req.RoastedKg > req.GreenKg || req.SKU == "" {
		return nil, fmt.Errorf("%w: green and roasted weights and sku are required", ErrInvalid)
	}
	batch := &models.RoastBatch{
		ID:         ids.New("rb"),
		GreenLotID: req.GreenLotID,
		MachineID:  req.MachineID,
		Profile:    req.Profile,
		Operator:   req.Operator,
		SKU:        req.SKU,
		GreenKg:    req.GreenKg,
		RoastedKg:  req.RoastedKg,
		Bags:       int(math.Floor(req.RoastedKg / bagKg)),
		StartedAt:  req.StartedAt,
	}

	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&models.GreenLot{}).
			Where("id = ? AND kg_on_hand >= ?", req.GreenLotID, req.GreenKg).
			Update("kg_on_hand", gorm.Expr("kg_on_hand - ?", req.GreenKg))
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return ErrInsufficientGreen
		}
		if err := tx.Create(batch).Error; err != nil {
			return err
		}
		return events.Enqueue(tx, events.RoastBatchCompleted, events.BatchCompleted{
			BatchID: batch.ID,
			SKU:     batch.SKU,
			Bags:    batch.Bags,
		})
	})
	if err != nil {
		return nil, err
	}
	s.log.Info("roast batch recorded", "batch_id", batch.ID, "machine", batch.MachineID, "bags", batch.Bags)
	return batch, nil
}

// Adjust applies a stock correction once per AdjustmentID. It reports
// whether this call applied it.
func (s *service) Adjust(ctx context.Context, req AdjustmentRequest) (*models.RoastedInventory, bool, error) {
	if req.AdjustmentID == "" || req.SKU == "" || req.DeltaBags == 0 || req.Reason == "" {
		return nil, false, fmt.Errorf("%w: adjustment_id, sku, delta and reason are required", ErrInvalid)
	}
	applied := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		adj := models.InventoryAdjustment{
			ID:        req.AdjustmentID,
			SKU:       req.SKU,
			DeltaBags: req.DeltaBags,
			Reason:    req.Reason,
			CreatedBy: req.CreatedBy,
		}
		ins := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "id"}}, DoNothing: true}).Create(&adj)
		if ins.Error != nil {
			return ins.Error
		}
		if ins.RowsAffected == 0 {
			return nil
		}
		res := tx.Model(&models.RoastedInventory{}).
			Where("sku = ? AND bags_on_hand + ? >= bags_reserved", req.SKU, req.DeltaBags).
			Updates(map[string]any{
				"bags_on_hand": gorm.Expr("bags_on_hand + ?", req.DeltaBags),
				"updated_at":   time.Now().UTC(),
			})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return ErrNegativeStock
		}
		applied = true
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	inv, err := s.Inventory(ctx, req.SKU)
	return inv, applied, err
}

// Inventory returns stock for one SKU.
func (s *service) Inventory(ctx context.Context, sku string) (*models.RoastedInventory, error) {
	inv, err := s.inventory.FindOne(ctx, "sku = ?", sku)
	if errors.Is(err, db.ErrNotFound) {
		return nil, ErrUnknownSKU
	}
	return inv, err
}
