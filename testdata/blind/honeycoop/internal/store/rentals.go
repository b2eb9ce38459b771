package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm/clause"
)

// RentalRepo holds hive-rental contracts with farms, hive placements and
// rental invoices.
type RentalRepo struct {
	db *DB
}

func NewRentalRepo(db *DB) *RentalRepo { return &RentalRepo{db: db} }

// CreateContract inserts a contract unless the farm already has one for the
// season. c is overwritten with the stored row.
func (r *RentalRepo) CreateContract(ctx context.Context, c *RentalContract) (bool, error) {
	res := r.db.Conn(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "farm_id"}, {Name: "season"}},
			DoNothing: true,
		}).
		Create(c)
	if res.Error != nil {
		return false, fmt.Errorf("insert contract: %w", res.Error)
	}
	if res.RowsAffected == 1 {
		return true, nil
	}
	return false, r.db.Conn(ctx).Where("farm_id = ? AND season = ?", c.FarmID, c.Season).Take(c).Error
}

func (r *RentalRepo) GetContract(ctx context.Context, id string) (*RentalContract, error) {
	var c RentalContract
	if err := r.db.Conn(ctx).Where("id = ?", id).Take(&c).Error; err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

func (r *RentalRepo) ActiveContracts(ctx context.Context) ([]RentalContract, error) {
	var out []RentalContract
	err := r.db.Conn(ctx).Where("status = ?", "active").Order("id").Find(&out).Error
	return out, err
}

// CreatePlacement records hives dropped on a field; the same drop reported
// twice is stored once.
func (r *RentalRepo) CreatePlacement(ctx context.Context, p *HivePlacement) error {
	err := r.db.Conn(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "contract_id"}, {Name: "field_code"}, {Name: "drop_date"}},
			DoNothing: true,
		}).
		Create(p).Error
	if err != nil {
		return err
	}
	return r.db.Conn(ctx).
		Where("contract_id = ? AND field_code = ? AND drop_date = ?", p.ContractID, p.FieldCode, p.DropDate).
		Take(p).Error
}

func (r *RentalRepo) PlacedHives(ctx context.Context, contractID string) (int, error) {
	var n int
	err := r.db.Conn(ctx).Model(&HivePlacement{}).
		Select("COALESCE(SUM(hive_count), 0)").
		Where("contract_id = ?", contractID).
		Scan(&n).Error
	return n, err
}

// MarkClosed closes an active contract and reports whether it did.
func (r *RentalRepo) MarkClosed(ctx context.Context, id string, at time.Time) (bool, error) {
	res := r.db.Conn(ctx).Model(&RentalContract{}).
		Where("id = ? AND status = ?", id, "active").
		Updates(map[string]any{"status": "closed", "closed_at": at})
	return res.RowsAffected == 1, res.Error
}

func (r *RentalRepo) CreateInvoice(ctx context.Context, inv *RentalInvoice) error {
	return r.db.Conn(ctx).Create(inv).Error
}

// EnsurePeriodInvoice returns the invoice of a contract for a period,
// creating it on first use, and reports whether this call created it.
func (r *RentalRepo) EnsurePeriodInvoice(ctx context.Context, inv *RentalInvoice) (bool, error) {
	res := r.db.Conn(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "contract_id"}, {Name: "period"}, {Name: "kind"}},
			DoNothing: true,
		}).
		Create(inv)
	if res.Error != nil {
		return false, res.Error
	}
	if res.RowsAffected == 1 {
		return true, nil
	}
	err := r.db.Conn(ctx).
		Where("contract_id = ? AND period = ? AND kind = ?", inv.ContractID, inv.Period, inv.Kind).
		Take(inv).Error
	return false, err
}

func (r *RentalRepo) GetInvoice(ctx context.Context, id string) (*RentalInvoice, error) {
	var inv RentalInvoice
	if err := r.db.Conn(ctx).Where("id = ?", id).Take(&inv).Error; err != nil {
		return nil, notFound(err)
	}
	return &inv, nil
}

func (r *RentalRepo) MarkCollected(ctx context.Context, id, ref string) error {
	return r.db.Conn(ctx).Model(&RentalInvoice{}).Where("id = ?", id).
		Updates(map[string]any{"status": "collected", "collection_ref": ref}).Error
}
