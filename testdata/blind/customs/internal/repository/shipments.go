package repository

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborline/brokerage/internal/domain"
)

// ShipmentRepository persists shipments and their lines.
type ShipmentRepository interface {
	Create(ctx context.Context, s *domain.Shipment) error
	Get(ctx context.Context, id string) (*domain.Shipment, error)
	GetForImporter(ctx context.Context, importerID, id string) (*domain.Shipment, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Shipment, error)
	FindByBillOfLading(ctx context.Context, carrierSCAC, bol string) (*domain.Shipment, error)
	UpdateStatus(ctx context.Context, id, status string) error
	TransitionStatus(ctx context.Context, id, from, to string) (bool, error)
	MarkArrived(ctx context.Context, id string, at time.Time) error
	MarkCancelled(ctx context.Context, id string, at time.Time) error
	AdjustDepositBalance(ctx context.Context, id string, deltaCents int64) error
	WithTx(tx *gorm.DB) ShipmentRepository
}

type ShipmentRepo struct{ db *gorm.DB }

func NewShipmentRepo(db *gorm.DB) *ShipmentRepo { return &ShipmentRepo{db: db} }

func (r *ShipmentRepo) WithTx(tx *gorm.DB) ShipmentRepository { return &ShipmentRepo{db: tx} }

func (r *ShipmentRepo) Create(ctx context.Context, s *domain.Shipment) error {
	return r.db.WithContext(ctx).Create(s).Error
}

func (r *ShipmentRepo) Get(ctx context.Context, id string) (*domain.Shipment, error) {
	var s domain.Shipment
	err := r.db.WithContext(ctx).Preload("Lines", func(db *gorm.DB) *gorm.DB {
		return db.Order("line_no")
	}).First(&s, "id = ?", id).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

func (r *ShipmentRepo) GetForImporter(ctx context.Context, importerID, id string) (*domain.Shipment, error) {
	var s domain.Shipment
	err := r.db.WithContext(ctx).Preload("Lines").
		Where("importer_id = ? AND id = ?", importerID, id).First(&s).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

func (r *ShipmentRepo) GetForUpdate(ctx context.Context, id string) (*domain.Shipment, error) {
	var s domain.Shipment
	err := r.db.WithContext(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).
		First(&s, "id = ?", id).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

func (r *ShipmentRepo) FindByBillOfLading(ctx context.Context, carrierSCAC, bol string) (*domain.Shipment, error) {
	var s domain.Shipment
	err := r.db.WithContext(ctx).
		Where("carrier_scac = ? AND bill_of_lading = ?", carrierSCAC, bol).
		Order("created_at DESC").First(&s).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

func (r *ShipmentRepo) UpdateStatus(ctx context.Context, id, status string) error {
	return r.db.WithContext(ctx).Model(&domain.Shipment{}).Where("id = ?", id).
		Updates(map[string]any{"status": status, "updated_at": time.Now().UTC()}).Error
}

func (r *ShipmentRepo) TransitionStatus(ctx context.Context, id, from, to string) (bool, error) {
	res := r.db.WithContext(ctx).Model(&domain.Shipment{}).
		Where("id = ? AND status = ?", id, from).
		Updates(map[string]any{"status": to, "updated_at": time.Now().UTC()})
	return res.RowsAffected == 1, res.Error
}

func (r *ShipmentRepo) MarkArrived(ctx context.Context, id string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Shipment{}).Where("id = ?", id).
		Updates(map[string]any{"status": domain.ShipmentArrived, "arrived_at": at, "updated_at": time.Now().UTC()}).Error
}

func (r *ShipmentRepo) MarkCancelled(ctx context.Context, id string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Shipment{}).Where("id = ?", id).
		Updates(map[string]any{"status": domain.ShipmentCancelled, "cancelled_at": at, "updated_at": time.Now().UTC()}).Error
}

func (r *ShipmentRepo) AdjustDepositBalance(ctx context.Context, id string, deltaCents int64) error {
	return r.db.WithContext(ctx).Model(&domain.Shipment{}).Where("id = ?", id).
		Updates(map[string]any{
			"deposit_balance_cents": gorm.Expr("deposit_balance_cents + ?", deltaCents),
			"updated_at":            time.Now().UTC(),
		}).Error
}

// DocumentRepository persists shipment documents.
type DocumentRepository interface {
	Create(ctx context.Context, d *domain.ShipmentDocument) error
	ListByShipment(ctx context.Context, shipmentID string) ([]domain.ShipmentDocument, error)
	WithTx(tx *gorm.DB) DocumentRepository
}

type DocumentRepo struct{ db *gorm.DB }

func NewDocumentRepo(db *gorm.DB) *DocumentRepo { return &DocumentRepo{db: db} }

func (r *DocumentRepo) WithTx(tx *gorm.DB) DocumentRepository { return &DocumentRepo{db: tx} }

func (r *DocumentRepo) Create(ctx context.Context, d *domain.ShipmentDocument) error {
	return r.db.WithContext(ctx).Create(d).Error
}

func (r *DocumentRepo) ListByShipment(ctx context.Context, shipmentID string) ([]domain.ShipmentDocument, error) {
	var out []domain.ShipmentDocument
	err := r.db.WithContext(ctx).Where("shipment_id = ?", shipmentID).Order("uploaded_at").Find(&out).Error
	return out, err
}
