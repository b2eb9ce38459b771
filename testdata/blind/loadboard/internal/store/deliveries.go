package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	"github.com/haulgrid/loadboard/internal/domain"
)

// DeliveryRepo persists proof-of-delivery records.
type DeliveryRepo struct {
	db *gorm.DB
}

func NewDeliveryRepo(db *gorm.DB) *DeliveryRepo { return &DeliveryRepo{db: db} }

func (r *DeliveryRepo) Insert(ctx context.Context, d *domain.Delivery) error {
	row := deliveryRow{
		LoadID:       d.LoadID,
		DeliveredAt:  d.DeliveredAt,
		ReceiverName: d.ReceiverName,
		PODURL:       d.PODURL,
		Exceptions:   d.Exceptions,
		ReportedBy:   d.ReportedBy,
		CreatedAt:    d.CreatedAt,
	}
	if err := conn(ctx, r.db).Create(&row).Error; err != nil {
		return fmt.Errorf("insert delivery confirmation: %w", err)
	}
	return nil
}

func (r *DeliveryRepo) Get(ctx context.Context, loadID string) (*domain.Delivery, error) {
	var row deliveryRow
	if err := conn(ctx, r.db).Where("load_id = ?", loadID).Take(&row).Error; err != nil {
		return nil, notFound(err)
	}
	return &domain.Delivery{
		LoadID:       row.LoadID,
		DeliveredAt:  row.DeliveredAt,
		ReceiverName: row.ReceiverName,
		PODURL:       row.PODURL,
		Exceptions:   row.Exceptions,
		ReportedBy:   row.ReportedBy,
		CreatedAt:    row.CreatedAt,
	}, nil
}

// AccessorialRepo persists accessorial charges.
type AccessorialRepo struct {
	db *gorm.DB
}

func NewAccessorialRepo(db *gorm.DB) *AccessorialRepo { return &AccessorialRepo{db: db} }

func (r *AccessorialRepo) Insert(ctx context.Context, a *domain.Accessorial) error {
	row := accessorialRow{
		ID:          a.ID,
		LoadID:      a.LoadID,
		Kind:        string(a.Kind),
		AmountCents: a.AmountCents,
		Note:        a.Note,
		ReceiptURL:  a.ReceiptURL,
		CreatedBy:   a.CreatedBy,
		CreatedAt:   a.CreatedAt,
	}
	if err := conn(ctx, r.db).Create(&row).Error; err != nil {
		return fmt.Errorf("insert accessorial: %w", err)
	}
	return nil
}

// TotalForLoad sums accessorial charges on a load.
func (r *AccessorialRepo) TotalForLoad(ctx context.Context, loadID string) (int64, error) {
	var total int64
	err := conn(ctx, r.db).Model(&accessorialRow{}).
		Select("COALESCE(SUM(amount_cents), 0)").
		Where("load_id = ?", loadID).
		Scan(&total).Error
	return total, err
}
