package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/merchline/preorders/internal/adapters/postgres/sqlcgen"
	"github.com/merchline/preorders/internal/core/domain"
)

func (s *Store) MarkProcessed(ctx context.Context, source, eventID string) (bool, error) {
	n, err := s.q.InsertProcessedEvent(ctx, sqlcgen.InsertProcessedEventParams{
		Source:      source,
		EventID:     eventID,
		ProcessedAt: timeNow(),
	})
	return n > 0, err
}

func (s *Store) IsProcessed(ctx context.Context, source, eventID string) (bool, error) {
	return s.q.IsEventProcessed(ctx, sqlcgen.IsEventProcessedParams{Source: source, EventID: eventID})
}

func (s *Store) EnqueueOutbox(ctx context.Context, m domain.OutboxMessage) (bool, error) {
	n, err := s.q.EnqueueOutbox(ctx, sqlcgen.EnqueueOutboxParams{
		ID:         m.ID,
		Topic:      m.Topic,
		MessageKey: m.Key,
		Payload:    m.Payload,
		DedupKey:   m.DedupKey,
		CreatedAt:  m.CreatedAt,
	})
	return n > 0, err
}

func (s *Store) ClaimOutbox(ctx context.Context, limit int32) ([]domain.OutboxMessage, error) {
	rows, err := s.q.ClaimOutbox(ctx, limit)
	if err != nil {
		return nil, err
	}
	out := make([]domain.OutboxMessage, 0, len(rows))
	for _, r := range rows {
		out = append(out, domain.OutboxMessage{
			ID:        r.ID,
			Topic:     r.Topic,
			Key:       r.MessageKey,
			Payload:   r.Payload,
			DedupKey:  r.DedupKey,
			CreatedAt: r.CreatedAt,
		})
	}
	return out, nil
}

func (s *Store) MarkOutboxPublished(ctx context.Context, ids []uuid.UUID, at time.Time) error {
	return s.q.MarkOutboxPublished(ctx, sqlcgen.MarkOutboxPublishedParams{Ids: ids, PublishedAt: &at})
}

func (s *Store) AppendWebhookReceipt(ctx context.Context, r domain.WebhookReceipt) error {
	return s.q.AppendWebhookReceipt(ctx, sqlcgen.AppendWebhookReceiptParams{
		ID:         r.ID,
		Source:     r.Source,
		DeliveryID: r.DeliveryID,
		EventType:  r.EventType,
		ReceivedAt: r.ReceivedAt,
	})
}

func (s *Store) GetStoredResponse(ctx context.Context, scope, key string) (*domain.StoredResponse, error) {
	row, err := s.q.GetStoredResponse(ctx, sqlcgen.GetStoredResponseParams{Scope: scope, IdemKey: key})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &domain.StoredResponse{StatusCode: int(row.StatusCode), Body: row.ResponseBody}, nil
}

func (s *Store) SaveStoredResponse(ctx context.Context, scope, key string, resp domain.StoredResponse) error {
	return s.q.SaveStoredResponse(ctx, sqlcgen.SaveStoredResponseParams{
		Scope:        scope,
		IdemKey:      key,
		StatusCode:   int32(resp.StatusCode),
		ResponseBody: resp.Body,
		CreatedAt:    timeNow(),
	})
}
