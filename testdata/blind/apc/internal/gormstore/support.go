package gormstore

import (
	"context"
	"encoding/json"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/quillpress/apcdesk/internal/domain"
)

type waiverRepo struct{ db *gorm.DB }

func (r waiverRepo) Create(ctx context.Context, w *domain.Waiver) error {
	m := waiverModel{
		ID:          w.ID,
		InvoiceID:   w.InvoiceID,
		Policy:      string(w.Policy),
		Percent:     w.Percent,
		AmountCents: w.AmountCents,
		GrantedBy:   w.GrantedBy,
		Reason:      w.Reason,
	}
	if err := r.db.WithContext(ctx).Create(&m).Error; err != nil {
		return translate(err)
	}
	w.CreatedAt = m.CreatedAt
	return nil
}

type outboxRepo struct{ db *gorm.DB }

func (r outboxRepo) Enqueue(ctx context.Context, msgs ...domain.OutboxMessage) error {
	if len(msgs) == 0 {
		return nil
	}
	rows := make([]outboxModel, len(msgs))
	for i, m := range msgs {
		rows[i] = outboxModel{
			ID:           m.ID,
			Topic:        m.Topic,
			PartitionKey: m.PartitionKey,
			EventType:    m.EventType,
			Payload:      string(m.Payload),
		}
	}
	return r.db.WithContext(ctx).Create(&rows).Error
}

func (r outboxRepo) Unpublished(ctx context.Context, limit int) ([]domain.OutboxMessage, error) {
	var rows []outboxModel
	err := r.db.WithContext(ctx).
		Where("published_at IS NULL").
		Order("created_at").
		Limit(limit).
		Find(&rows).Error
	if err != nil {
		return nil, err
	}
	return mapSlice(rows, func(m outboxModel) domain.OutboxMessage {
		return domain.OutboxMessage{
			ID:           m.ID,
			Topic:        m.Topic,
			PartitionKey: m.PartitionKey,
			EventType:    m.EventType,
			Payload:      []byte(m.Payload),
			CreatedAt:    m.CreatedAt,
		}
	}), nil
}

func (r outboxRepo) MarkPublished(ctx context.Context, ids []string, at time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	return r.db.WithContext(ctx).Model(&outboxModel{}).
		Where("id IN ? AND published_at IS NULL", ids).
		Update("published_at", at).Error
}

type receiptRepo struct{ db *gorm.DB }

func (r receiptRepo) Claim(ctx context.Context, invoiceID, email string) (bool, error) {
	m := receiptModel{InvoiceID: invoiceID, Email: email, Status: "sending"}
	res := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "invoice_id"}}, DoNothing: true}).
		Create(&m)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (r receiptRepo) MarkSent(ctx context.Context, invoiceID, providerMessageID string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&receiptModel{}).
		Where("invoice_id = ?", invoiceID).
		Updates(map[string]any{"status": "sent", "provider_message_id": providerMessageID, "sent_at": at}).Error
}

func (r receiptRepo) MarkFailed(ctx context.Context, invoiceID string) error {
	return r.db.WithContext(ctx).Model(&receiptModel{}).
		Where("invoice_id = ? AND status = ?", invoiceID, "sending").
		Update("status", "failed").Error
}

type idempotencyRepo struct{ db *gorm.DB }

func (r idempotencyRepo) Get(ctx context.Context, key string) (domain.StoredResponse, error) {
	var m idempotencyModel
	if err := r.db.WithContext(ctx).First(&m, "key = ?", key).Error; err != nil {
		return domain.StoredResponse{}, translate(err)
	}
	return domain.StoredResponse{
		Key:         m.Key,
		Scope:       m.Scope,
		RequestHash: m.RequestHash,
		Status:      m.ResponseStatus,
		Body:        []byte(m.ResponseBody),
	}, nil
}

func (r idempotencyRepo) Save(ctx context.Context, sr domain.StoredResponse) error {
	m := idempotencyModel{
		Key:            sr.Key,
		Scope:          sr.Scope,
		RequestHash:    sr.RequestHash,
		ResponseStatus: sr.Status,
		ResponseBody:   string(sr.Body),
	}
	return translate(r.db.WithContext(ctx).Create(&m).Error)
}

type processedRepo struct{ db *gorm.DB }

func (r processedRepo) Seen(ctx context.Context, consumer, eventID string) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&processedEventModel{}).
		Where("consumer = ? AND event_id = ?", consumer, eventID).
		Count(&n).Error
	return n > 0, err
}

func (r processedRepo) Mark(ctx context.Context, consumer, eventID string) error {
	m := processedEventModel{Consumer: consumer, EventID: eventID, ProcessedAt: time.Now().UTC()}
	return r.db.WithContext(ctx).
		Clauses(clause.OnConflict{DoNothing: true}).
		Create(&m).Error
}

func (r processedRepo) Claim(ctx context.Context, consumer, eventID string) (bool, error) {
	m := processedEventModel{Consumer: consumer, EventID: eventID, ProcessedAt: time.Now().UTC()}
	res := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{DoNothing: true}).
		Create(&m)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

type auditRepo struct{ db *gorm.DB }

func (r auditRepo) Append(ctx context.Context, e domain.AuditEvent) error {
	detail, err := json.Marshal(e.Detail)
	if err != nil {
		return err
	}
	if e.Detail == nil {
		detail = []byte("{}")
	}
	m := auditModel{
		ID:      e.ID,
		Actor:   e.Actor,
		Action:  e.Action,
		Subject: e.Subject,
		Detail:  string(detail),
	}
	return r.db.WithContext(ctx).Create(&m).Error
}
