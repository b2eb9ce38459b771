package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm/clause"

	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
)

type IntentRepo struct {
	db database.Conner
}

func NewIntentRepo(db database.Conner) *IntentRepo { return &IntentRepo{db: db} }

func (r *IntentRepo) Create(ctx context.Context, in *models.PaymentIntent) error {
	return r.db.Conn(ctx).Create(in).Error
}

func (r *IntentRepo) ForResource(ctx context.Context, purpose models.PaymentPurpose, resourceID string) (*models.PaymentIntent, error) {
	var in models.PaymentIntent
	err := r.db.Conn(ctx).Where("purpose = ? AND resource_id = ?", purpose, resourceID).Take(&in).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &in, nil
}

func (r *IntentRepo) ByPSPReference(ctx context.Context, pspRef string) (*models.PaymentIntent, error) {
	var in models.PaymentIntent
	if err := r.db.Conn(ctx).Where("psp_reference = ?", pspRef).Take(&in).Error; err != nil {
		return nil, notFound(err)
	}
	return &in, nil
}

func (r *IntentRepo) ByOperationID(ctx context.Context, opID string) (*models.PaymentIntent, error) {
	var in models.PaymentIntent
	if err := r.db.Conn(ctx).Take(&in, "operation_id = ?", opID).Error; err != nil {
		return nil, notFound(err)
	}
	return &in, nil
}

// RecordSubmission stores the processor's reference for the operation.
func (r *IntentRepo) RecordSubmission(ctx context.Context, opID, pspRef string, status models.IntentStatus) error {
	return r.db.Conn(ctx).Model(&models.PaymentIntent{}).
		Where("operation_id = ?", opID).
		Updates(map[string]any{"psp_reference": pspRef, "status": status, "updated_at": time.Now()}).Error
}

func (r *IntentRepo) SetStatus(ctx context.Context, opID string, status models.IntentStatus) error {
	return r.db.Conn(ctx).Model(&models.PaymentIntent{}).
		Where("operation_id = ?", opID).
		Updates(map[string]any{"status": status, "updated_at": time.Now()}).Error
}

func (r *IntentRepo) SetRecurringToken(ctx context.Context, opID, token string) error {
	return r.db.Conn(ctx).Model(&models.PaymentIntent{}).
		Where("operation_id = ?", opID).
		Update("recurring_token", token).Error
}

type NotificationRepo struct {
	db database.Conner
}

func NewNotificationRepo(db database.Conner) *NotificationRepo { return &NotificationRepo{db: db} }

func (r *NotificationRepo) Insert(ctx context.Context, n *models.PSPNotification) error {
	return r.db.Conn(ctx).Create(n).Error
}

// Upsert stores the notification, overwriting the outcome of an earlier
// delivery of the same (pspReference, eventCode).
func (r *NotificationRepo) Upsert(ctx context.Context, n *models.PSPNotification) error {
	return r.db.Conn(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "psp_reference"}, {Name: "event_code"}},
		DoUpdates: clause.AssignmentColumns([]string{"success", "reason", "event_date"}),
	}).Create(n).Error
}

type ChargebackRepo struct {
	db database.Conner
}

func NewChargebackRepo(db database.Conner) *ChargebackRepo { return &ChargebackRepo{db: db} }

// InsertIfAbsent reports whether the chargeback was new.
func (r *ChargebackRepo) InsertIfAbsent(ctx context.Context, cb *models.Chargeback) (bool, error) {
	res := r.db.Conn(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(cb)
	return res.RowsAffected == 1, res.Error
}

type RefundRepo struct {
	db database.Conner
}

func NewRefundRepo(db database.Conner) *RefundRepo { return &RefundRepo{db: db} }

// CreateIfAbsent inserts the refund request unless one already exists for
// the order. It returns the stored request and whether it was created now.
func (r *RefundRepo) CreateIfAbsent(ctx context.Context, rr *models.RefundRequest) (*models.RefundRequest, bool, error) {
	res := r.db.Conn(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "order_kind"}, {Name: "order_id"}},
		DoNothing: true,
	}).Create(rr)
	if res.Error != nil {
		return nil, false, res.Error
	}
	if res.RowsAffected == 1 {
		return rr, true, nil
	}
	var existing models.RefundRequest
	err := r.db.Conn(ctx).Where("order_kind = ? AND order_id = ?", rr.OrderKind, rr.OrderID).Take(&existing).Error
	if err != nil {
		return nil, false, err
	}
	return &existing, false, nil
}

func (r *RefundRepo) Get(ctx context.Context, id uuid.UUID) (*models.RefundRequest, error) {
	var rr models.RefundRequest
	if err := r.db.Conn(ctx).Take(&rr, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &rr, nil
}

func (r *RefundRepo) MarkSubmitted(ctx context.Context, id uuid.UUID, pspRef string) error {
	return r.db.Conn(ctx).Model(&models.RefundRequest{}).
		Where("id = ?", id).
		Updates(map[string]any{"status": models.RefundSubmitted, "psp_reference": pspRef, "updated_at": time.Now()}).Error
}

func (r *RefundRepo) SettleByPSPReference(ctx context.Context, pspRef string, status models.RefundStatus) (*models.RefundRequest, error) {
	var rr models.RefundRequest
	if err := r.db.Conn(ctx).Where("psp_reference = ?", pspRef).Take(&rr).Error; err != nil {
		return nil, notFound(err)
	}
	err := r.db.Conn(ctx).Model(&rr).Updates(map[string]any{"status": status, "updated_at": time.Now()}).Error
	return &rr, err
}
