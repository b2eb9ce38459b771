package repository

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborline/brokerage/internal/domain"
)

// DeclarationRepository persists customs declarations and amendments.
type DeclarationRepository interface {
	CreateIfAbsent(ctx context.Context, d *domain.Declaration) (*domain.Declaration, error)
	Get(ctx context.Context, id string) (*domain.Declaration, error)
	GetByShipment(ctx context.Context, shipmentID string) (*domain.Declaration, error)
	GetByMRN(ctx context.Context, mrn string) (*domain.Declaration, error)
	MarkFiled(ctx context.Context, id, mrn string, dutyCents, vatCents int64, at time.Time) error
	SetStatus(ctx context.Context, id, status string) error
	RecordDecision(ctx context.Context, id, decision, note string, at time.Time) (bool, error)
	HoldAlertSent(ctx context.Context, declarationID, channel string) (bool, error)
	RecordHoldAlert(ctx context.Context, a *domain.HoldAlert) error
	CreateAmendment(ctx context.Context, a *domain.Amendment) error
	UpdateAmendment(ctx context.Context, id, status string, ack *string) error
	WithTx(tx *gorm.DB) DeclarationRepository
}

type DeclarationRepo struct{ db *gorm.DB }

func NewDeclarationRepo(db *gorm.DB) *DeclarationRepo { return &DeclarationRepo{db: db} }

func (r *DeclarationRepo) WithTx(tx *gorm.DB) DeclarationRepository { return &DeclarationRepo{db: tx} }

// CreateIfAbsent inserts d unless a declaration already exists for the
// shipment, and returns whichever row is stored.
func (r *DeclarationRepo) CreateIfAbsent(ctx context.Context, d *domain.Declaration) (*domain.Declaration, error) {
	err := r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "shipment_id"}},
		DoNothing: true,
	}).Create(d).Error
	if err != nil {
		return nil, err
	}
	return r.GetByShipment(ctx, d.ShipmentID)
}

func (r *DeclarationRepo) Get(ctx context.Context, id string) (*domain.Declaration, error) {
	var d domain.Declaration
	if err := r.db.WithContext(ctx).First(&d, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &d, nil
}

func (r *DeclarationRepo) GetByShipment(ctx context.Context, shipmentID string) (*domain.Declaration, error) {
	var d domain.Declaration
	if err := r.db.WithContext(ctx).First(&d, "shipment_id = ?", shipmentID).Error; err != nil {
		return nil, notFound(err)
	}
	return &d, nil
}

func (r *DeclarationRepo) GetByMRN(ctx context.Context, mrn string) (*domain.Declaration, error) {
	var d domain.Declaration
	if err := r.db.WithContext(ctx).First(&d, "mrn = ?", mrn).Error; err != nil {
		return nil, notFound(err)
	}
	return &d, nil
}

func (r *DeclarationRepo) MarkFiled(ctx context.Context, id, mrn string, dutyCents, vatCents int64, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Declaration{}).Where("id = ?", id).
		Updates(map[string]any{
			"mrn": mrn, "status": domain.DeclarationFiled, "filed_at": at,
			"duty_cents": dutyCents, "vat_cents": vatCents, "updated_at": time.Now().UTC(),
		}).Error
}

func (r *DeclarationRepo) SetStatus(ctx context.Context, id, status string) error {
	return r.db.WithContext(ctx).Model(&domain.Declaration{}).Where("id = ?", id).
		Updates(map[string]any{"status": status, "updated_at": time.Now().UTC()}).Error
}

// RecordDecision applies an authority decision unless a final decision is
// already stored; it reports whether the row changed. A hold is not final:
// it moves the declaration to held and leaves decided_at unset.
func (r *DeclarationRepo) RecordDecision(ctx context.Context, id, decision, note string, at time.Time) (bool, error) {
	updates := map[string]any{
		"decision": decision, "decision_note": note,
		"status": decisionStatus(decision), "updated_at": time.Now().UTC(),
	}
	if decision != "held" {
		updates["decided_at"] = at
	}
	res := r.db.WithContext(ctx).Model(&domain.Declaration{}).
		Where("id = ? AND decided_at IS NULL", id).
		Updates(updates)
	return res.RowsAffected == 1, res.Error
}

func decisionStatus(decision string) string {
	switch decision {
	case "released":
		return domain.DeclarationCleared
	case "held":
		return domain.DeclarationHeld
	default:
		return domain.DeclarationRejected
	}
}

func (r *DeclarationRepo) HoldAlertSent(ctx context.Context, declarationID, channel string) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&domain.HoldAlert{}).
		Where("declaration_id = ? AND channel = ?", declarationID, channel).Count(&n).Error
	return n > 0, err
}

func (r *DeclarationRepo) RecordHoldAlert(ctx context.Context, a *domain.HoldAlert) error {
	return r.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(a).Error
}

func (r *DeclarationRepo) CreateAmendment(ctx context.Context, a *domain.Amendment) error {
	return r.db.WithContext(ctx).Create(a).Error
}

func (r *DeclarationRepo) UpdateAmendment(ctx context.Context, id, status string, ack *string) error {
	return r.db.WithContext(ctx).Model(&domain.Amendment{}).Where("id = ?", id).
		Updates(map[string]any{"status": status, "authority_ack": ack}).Error
}
