package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/models"
)

// Inventory is the cellar stock repository.
type Inventory struct{ db *gorm.DB }

// NewInventory returns the inventory repository.
func NewInventory(db *gorm.DB) *Inventory { return &Inventory{db: db} }

// Get loads one SKU.
func (r *Inventory) Get(tx *gorm.DB, sku string) (*models.InventoryItem, error) {
	var it models.InventoryItem
	if err := tx.First(&it, "sku = ?", sku).Error; err != nil {
		return nil, err
	}
	return &it, nil
}

// Available lists SKUs with unreserved stock.
func (r *Inventory) Available(ctx context.Context) ([]models.InventoryItem, error) {
	var out []models.InventoryItem
	err := r.db.WithContext(ctx).Where("on_hand - reserved > 0").Order("vintage DESC, sku").Find(&out).Error
	return out, err
}

// Reserve holds qty bottles of sku.
func (r *Inventory) Reserve(tx *gorm.DB, sku string, qty int) error {
	res := tx.Model(&models.InventoryItem{}).
		Where("sku = ? AND on_hand - reserved >= ?", sku, qty).
		Updates(map[string]any{"reserved": gorm.Expr("reserved + ?", qty), "updated_at": time.Now().UTC()})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("inventory: %s has fewer than %d bottles available", sku, qty)
	}
	return nil
}

// Release gives back reserved bottles.
func (r *Inventory) Release(tx *gorm.DB, sku string, qty int) error {
	return tx.Model(&models.InventoryItem{}).Where("sku = ?", sku).
		Updates(map[string]any{"reserved": gorm.Expr("GREATEST(reserved - ?, 0)", qty), "updated_at": time.Now().UTC()}).Error
}

// Restock puts returned bottles back on hand.
func (r *Inventory) Restock(tx *gorm.DB, sku string, qty int) error {
	return tx.Model(&models.InventoryItem{}).Where("sku = ?", sku).
		Updates(map[string]any{"on_hand": gorm.Expr("on_hand + ?", qty), "updated_at": time.Now().UTC()}).Error
}
