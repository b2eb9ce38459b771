package repository

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/circuitback/buyback/internal/model"
)

type ShipmentRepository struct{ base }

func NewShipmentRepository(db *gorm.DB) *ShipmentRepository {
	return &ShipmentRepository{base{db}}
}

func (r *ShipmentRepository) Create(ctx context.Context, s *model.Shipment) error {
	if err := r.conn(ctx).Create(s).Error; err != nil {
		return fmt.Errorf("create shipment: %w", err)
	}
	return nil
}

// CreateReturn stores a return shipment for a trade-in unless one exists.
func (r *ShipmentRepository) CreateReturn(ctx context.Context, s *model.Shipment) (*model.Shipment, error) {
	created, err := insertIgnorePartial(r.conn(ctx), s,
		"trade_in_id IS NOT NULL AND direction IN ('inbound', 'return')", "trade_in_id", "direction")
	if err != nil {
		return nil, fmt.Errorf("create return shipment: %w", err)
	}
	if created {
		return s, nil
	}
	return r.ForTradeIn(ctx, *s.TradeInID, model.DirectionReturn)
}

// CreateForOrder stores the outbound shipment for a sales order unless one exists.
func (r *ShipmentRepository) CreateForOrder(ctx context.Context, s *model.Shipment) (*model.Shipment, error) {
	created, err := insertIgnorePartial(r.conn(ctx), s, "sales_order_id IS NOT NULL", "sales_order_id")
	if err != nil {
		return nil, fmt.Errorf("create outbound shipment: %w", err)
	}
	if created {
		return s, nil
	}
	return first[model.Shipment](r.conn(ctx), "sales_order_id = ?", *s.SalesOrderID)
}

func (r *ShipmentRepository) Get(ctx context.Context, id uuid.UUID) (*model.Shipment, error) {
	return first[model.Shipment](r.conn(ctx), "id = ?", id)
}

func (r *ShipmentRepository) ForTradeIn(ctx context.Context, tradeInID uuid.UUID, direction string) (*model.Shipment, error) {
	return first[model.Shipment](r.conn(ctx), "trade_in_id = ? AND direction = ?", tradeInID, direction)
}

func (r *ShipmentRepository) ByTracking(ctx context.Context, carrier, tracking string) (*model.Shipment, error) {
	return first[model.Shipment](r.conn(ctx), "carrier = ? AND tracking_number = ?", carrier, tracking)
}

// UpdateTrackingStatus applies a carrier scan. Delivered is terminal.
func (r *ShipmentRepository) UpdateTrackingStatus(ctx context.Context, id uuid.UUID, status string, at time.Time) (int64, error) {
	updates := map[string]any{"status": status, "updated_at": at}
	if status == "delivered" {
		updates["delivered_at"] = at
	}
	res := r.conn(ctx).Model(&model.Shipment{}).
		Where("id = ? AND status <> ?", id, "delivered").
		Updates(updates)
	return res.RowsAffected, res.Error
}

type WebhookEventRepository struct{ base }

func NewWebhookEventRepository(db *gorm.DB) *WebhookEventRepository {
	return &WebhookEventRepository{base{db}}
}

// Record stores a delivery and reports whether it is the first one for
// (provider, event_id).
func (r *WebhookEventRepository) Record(ctx context.Context, ev *model.WebhookEvent) (bool, error) {
	first, err := insertIgnore(r.conn(ctx), ev, "provider", "event_id")
	if err != nil {
		return false, fmt.Errorf("record webhook event: %w", err)
	}
	return first, nil
}

// Seen reports whether (provider, event_id) has been processed.
func (r *WebhookEventRepository) Seen(ctx context.Context, provider, eventID string) (bool, error) {
	var n int64
	err := r.conn(ctx).Model(&model.WebhookEvent{}).
		Where("provider = ? AND event_id = ? AND processed_at IS NOT NULL", provider, eventID).
		Count(&n).Error
	return n > 0, err
}

// MarkProcessed inserts-or-stamps the processed marker for an event.
func (r *WebhookEventRepository) MarkProcessed(ctx context.Context, ev *model.WebhookEvent, at time.Time) error {
	ev.ProcessedAt = &at
	if _, err := insertIgnore(r.conn(ctx), ev, "provider", "event_id"); err != nil {
		return err
	}
	return r.conn(ctx).Model(&model.WebhookEvent{}).
		Where("provider = ? AND event_id = ?", ev.Provider, ev.EventID).
		Update("processed_at", at).Error
}

type OutboxRepository struct{ base }

func NewOutboxRepository(db *gorm.DB) *OutboxRepository {
	return &OutboxRepository{base{db}}
}

func (r *OutboxRepository) Add(ctx context.Context, m *model.OutboxMessage) error {
	if err := r.conn(ctx).Create(m).Error; err != nil {
		return fmt.Errorf("outbox add %s: %w", m.MessageType, err)
	}
	return nil
}

// ClaimBatch locks up to limit unpublished rows for the caller's transaction.
func (r *OutboxRepository) ClaimBatch(ctx context.Context, limit int) ([]model.OutboxMessage, error) {
	var rows []model.OutboxMessage
	err := r.conn(ctx).Raw(`
		SELECT * FROM outbox_messages
		WHERE published_at IS NULL
		ORDER BY created_at
		LIMIT ?
		FOR UPDATE SKIP LOCKED`, limit).Scan(&rows).Error
	return rows, err
}

func (r *OutboxRepository) MarkPublished(ctx context.Context, id uuid.UUID, at time.Time) error {
	return r.conn(ctx).Model(&model.OutboxMessage{}).Where("id = ?", id).
		Updates(map[string]any{"published_at": at, "attempts": gorm.Expr("attempts + 1")}).Error
}

func (r *OutboxRepository) MarkFailed(ctx context.Context, id uuid.UUID, cause string) error {
	return r.conn(ctx).Model(&model.OutboxMessage{}).Where("id = ?", id).
		Updates(map[string]any{"last_error": cause, "attempts": gorm.Expr("attempts + 1")}).Error
}

type ProcessedMessageRepository struct{ base }

func NewProcessedMessageRepository(db *gorm.DB) *ProcessedMessageRepository {
	return &ProcessedMessageRepository{base{db}}
}

// Claim records that consumer handled messageID; false means it already had.
func (r *ProcessedMessageRepository) Claim(ctx context.Context, consumer, messageID string) (bool, error) {
	return insertIgnore(r.conn(ctx), &model.ProcessedMessage{
		Consumer: consumer, MessageID: messageID, ProcessedAt: time.Now().UTC(),
	}, "consumer", "message_id")
}
