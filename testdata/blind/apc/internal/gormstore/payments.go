package gormstore

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/quillpress/apcdesk/internal/domain"
)

type paymentRepo struct{ db *gorm.DB }

func (r paymentRepo) Create(ctx context.Context, p *domain.Payment) error {
	m := paymentModel{
		ID:                p.ID,
		InvoiceID:         p.InvoiceID,
		Method:            string(p.Method),
		IdempotencyKey:    nullable(p.IdempotencyKey),
		ProviderPaymentID: nullable(p.ProviderPaymentID),
		AmountCents:       p.AmountCents,
		Currency:          p.Currency,
		Status:            string(p.Status),
		FailureReason:     nullable(p.FailureReason),
	}
	if err := r.db.WithContext(ctx).Create(&m).Error; err != nil {
		return translate(err)
	}
	p.CreatedAt = m.CreatedAt
	return nil
}

func (r paymentRepo) ByProviderID(ctx context.Context, providerPaymentID string) (domain.Payment, error) {
	var m paymentModel
	err := r.db.WithContext(ctx).First(&m, "provider_payment_id = ?", providerPaymentID).Error
	if err != nil {
		return domain.Payment{}, translate(err)
	}
	return fromPaymentModel(m), nil
}

func (r paymentRepo) SucceededForInvoice(ctx context.Context, invoiceID string) (domain.Payment, error) {
	var m paymentModel
	err := r.db.WithContext(ctx).
		Where("invoice_id = ? AND status = ?", invoiceID, domain.PaymentSucceeded).
		Order("created_at DESC").
		First(&m).Error
	if err != nil {
		return domain.Payment{}, translate(err)
	}
	return fromPaymentModel(m), nil
}

func (r paymentRepo) UpdateOutcome(ctx context.Context, id string, status domain.PaymentStatus, providerPaymentID, reason string) error {
	updates := map[string]any{"status": string(status), "updated_at": gorm.Expr("now()")}
	if providerPaymentID != "" {
		updates["provider_payment_id"] = providerPaymentID
	}
	if reason != "" {
		updates["failure_reason"] = reason
	}
	return r.db.WithContext(ctx).Model(&paymentModel{}).Where("id = ?", id).Updates(updates).Error
}

func (r paymentRepo) SetStatusFrom(ctx context.Context, id string, from, to domain.PaymentStatus) (bool, error) {
	res := r.db.WithContext(ctx).Model(&paymentModel{}).
		Where("id = ? AND status = ?", id, from).
		Updates(map[string]any{"status": string(to), "updated_at": gorm.Expr("now()")})
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (r paymentRepo) ListPending(ctx context.Context, method domain.PaymentMethod, olderThan time.Time, limit int) ([]domain.Payment, error) {
	var rows []paymentModel
	err := r.db.WithContext(ctx).
		Where("method = ? AND status = ? AND provider_payment_id IS NOT NULL AND created_at < ?", method, domain.PaymentPending, olderThan).
		Order("created_at").
		Limit(limit).
		Find(&rows).Error
	if err != nil {
		return nil, err
	}
	return mapSlice(rows, fromPaymentModel), nil
}

func (r paymentRepo) LogAttempt(ctx context.Context, a domain.PaymentAttempt) error {
	m := paymentAttemptModel{
		ID:        a.ID,
		InvoiceID: a.InvoiceID,
		PaymentID: nullable(a.PaymentID),
		AttemptNo: a.AttemptNo,
		Outcome:   a.Outcome,
		Error:     nullable(a.Error),
	}
	return r.db.WithContext(ctx).Create(&m).Error
}

func (r paymentRepo) InsertEvent(ctx context.Context, ev domain.PaymentEvent) error {
	m := paymentEventModel{
		ProviderEventID:   ev.ProviderEventID,
		Type:              ev.Type,
		ProviderPaymentID: ev.ProviderPaymentID,
		Payload:           string(ev.Payload),
		ReceivedAt:        ev.ReceivedAt,
	}
	return translate(r.db.WithContext(ctx).Create(&m).Error)
}

func (r paymentRepo) InsertEventIfAbsent(ctx context.Context, ev domain.PaymentEvent) (bool, error) {
	m := paymentEventModel{
		ProviderEventID:   ev.ProviderEventID,
		Type:              ev.Type,
		ProviderPaymentID: ev.ProviderPaymentID,
		Payload:           string(ev.Payload),
		ReceivedAt:        ev.ReceivedAt,
	}
	res := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "provider_event_id"}}, DoNothing: true}).
		Create(&m)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (r paymentRepo) CreateRefund(ctx context.Context, rf *domain.Refund) error {
	m := refundModel{
		ID:               rf.ID,
		InvoiceID:        rf.InvoiceID,
		PaymentID:        rf.PaymentID,
		AmountCents:      rf.AmountCents,
		Reason:           rf.Reason,
		ProviderRefundID: nullable(rf.ProviderRefundID),
		Status:           rf.Status,
	}
	if err := r.db.WithContext(ctx).Create(&m).Error; err != nil {
		return translate(err)
	}
	rf.CreatedAt = m.CreatedAt
	return nil
}

func fromPaymentModel(m paymentModel) domain.Payment {
	return domain.Payment{
		ID:                m.ID,
		InvoiceID:         m.InvoiceID,
		Method:            domain.PaymentMethod(m.Method),
		IdempotencyKey:    deref(m.IdempotencyKey),
		ProviderPaymentID: deref(m.ProviderPaymentID),
		AmountCents:       m.AmountCents,
		Currency:          m.Currency,
		Status:            domain.PaymentStatus(m.Status),
		FailureReason:     deref(m.FailureReason),
		CreatedAt:         m.CreatedAt,
	}
}
