package service

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/inkloop/printshop/internal/model"
	"github.com/inkloop/printshop/internal/notify"
	"github.com/inkloop/printshop/internal/queue/tasks"
	"github.com/inkloop/printshop/internal/repository"
)

const maxWebhookAttempts = 12

type Notifications struct {
	db       *gorm.DB
	webhooks repository.WebhookRepository
	sender   notify.Sender
	enqueue  tasks.Enqueuer
	log      *zap.Logger
}

func NewNotifications(db *gorm.DB, webhooks repository.WebhookRepository, sender notify.Sender, enqueue tasks.Enqueuer, log *zap.Logger) *Notifications {
	return &Notifications{db: db, webhooks: webhooks, sender: sender, enqueue: enqueue, log: log}
}

func (s *Notifications) Emit(ctx context.Context, tx *gorm.DB, merchantID, eventType string, data any, dedupParts ...string) ([]string, error) {
	repo := s.webhooks.WithTx(tx)
	endpoints, err := repo.ListEndpoints(ctx, merchantID)
	if err != nil {
		return nil, err
	}
	payload, err := json.Marshal(data)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, ep := range endpoints {
		if !ep.Accepts(eventType) {
			continue
		}
		parts := append([]string{ep.ID, eventType}, dedupParts...)
		d := &model.WebhookDelivery{
			ID:         model.DeliveryIDFor(parts...),
			MerchantID: merchantID,
			EndpointID: ep.ID,
			EventType:  eventType,
			Payload:    payload,
			Status:     model.DeliveryPending,
		}
		if _, err := repo.InsertDeliveryIfAbsent(ctx, d); err != nil {
			return nil, fmt.Errorf("notifications: record delivery: %w", err)
		}
		ids = append(ids, d.ID)
	}
	return ids, nil
}

func (s *Notifications) Dispatch(ctx context.Context, deliveryIDs []string) error {
	for _, id := range deliveryIDs {
		err := tasks.EnqueueJSON(ctx, s.enqueue, tasks.TypeMerchantWebhook,
			tasks.MerchantWebhookPayload{DeliveryID: id},
			asynq.TaskID("webhook:"+id), asynq.MaxRetry(maxWebhookAttempts), asynq.Queue(tasks.QueueDefault))
		if err != nil {
			return fmt.Errorf("notifications: enqueue %s: %w", id, err)
		}
	}
	return nil
}

func (s *Notifications) Deliver(ctx context.Context, deliveryID string) error {
	d, err := s.webhooks.GetDelivery(ctx, deliveryID)
	if errors.Is(err, repository.ErrNotFound) {
		return fmt.Errorf("delivery %s: %w", deliveryID, asynq.SkipRetry)
	}
	if err != nil {
		return err
	}
	if d.Status == model.DeliveryDelivered {
		return nil
	}
	ep, err := s.webhooks.GetEndpoint(ctx, d.EndpointID)
	if err != nil {
		return err
	}
	if ep.Disabled {
		return s.webhooks.FinishDelivery(ctx, d.ID, model.DeliveryFailed, d.Attempts)
	}
	msg := notify.Message{ID: d.ID, Type: d.EventType, CreatedAt: d.CreatedAt, Data: d.Payload}
	res, sendErr := s.sender.Deliver(ctx, *ep, msg)

	attempt := &model.WebhookAttempt{
		ID:          uuid.NewString(),
		DeliveryID:  d.ID,
		StatusCode:  res.StatusCode,
		DurationMS:  res.Duration.Milliseconds(),
		AttemptedAt: time.Now().UTC(),
	}
	if sendErr != nil {
		attempt.Error = truncate(sendErr.Error(), 500)
	}
	if err := s.webhooks.AppendAttempt(ctx, attempt); err != nil {
		s.log.Warn("record webhook attempt", zap.String("delivery_id", d.ID), zap.Error(err))
	}
	if sendErr != nil {
		if d.Attempts+1 >= maxWebhookAttempts {
			_ = s.webhooks.FinishDelivery(ctx, d.ID, model.DeliveryFailed, d.Attempts+1)
		}
		return sendErr
	}
	return s.webhooks.FinishDelivery(ctx, d.ID, model.DeliveryDelivered, d.Attempts+1)
}

// SendNow posts an event straight to every subscribed endpoint without
// recording a delivery. Used for low-latency milestones.
func (s *Notifications) SendNow(ctx context.Context, merchantID, eventType string, data any) error {
	endpoints, err := s.webhooks.ListEndpoints(ctx, merchantID)
	if err != nil {
		return err
	}
	var errs []error
	for _, ep := range endpoints {
		if !ep.Accepts(eventType) {
			continue
		}
		msg, err := notify.NewMessage("", eventType, data)
		if err != nil {
			return err
		}
		if _, err := s.sender.Deliver(ctx, ep, msg); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func (s *Notifications) RegisterEndpoint(ctx context.Context, merchantID, rawURL string, eventTypes []string) (*model.WebhookEndpoint, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("%w: endpoint url must be an absolute https url", ErrInvalid)
	}
	secret := make([]byte, 24)
	if _, err := rand.Read(secret); err != nil {
		return nil, err
	}
	types := "*"
	if len(eventTypes) > 0 {
		types = strings.Join(eventTypes, ",")
	}
	ep := &model.WebhookEndpoint{
		ID:         model.NewID(model.PrefixEndpoint),
		MerchantID: merchantID,
		URL:        u.String(),
		Secret:     "whsec_" + hex.EncodeToString(secret),
		EventTypes: types,
		CreatedAt:  time.Now().UTC(),
	}
	if err := s.webhooks.CreateEndpoint(ctx, ep); err != nil {
		return nil, fmt.Errorf("notifications: create endpoint: %w", err)
	}
	return ep, nil
}

func (s *Notifications) AlertLowBalance(ctx context.Context, merchantID string, balance int64) error {
	day := time.Now().UTC().Format("2006-01-02")
	var ids []string
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		ids, err = s.Emit(ctx, tx, merchantID, model.EventWalletLow, map[string]any{
			"merchant_id":   merchantID,
			"balance_cents": balance,
			"as_of":         day,
		}, merchantID, day)
		return err
	})
	if err != nil {
		return err
	}
	return s.Dispatch(ctx, ids)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
