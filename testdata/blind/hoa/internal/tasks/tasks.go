// Package tasks defines the asynq task types, their payloads and a thin
// enqueue client shared by the API, the consumers and the cron.
package tasks

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/larchway/hoaops/internal/config"
)

// Queues, in asynq priority order (see cmd/worker).
const (
	QueuePayments = "payments"
	QueueNotices  = "notices"
	QueueDefault  = "default"
)

// Task types.
const (
	TypeDuesGenerate  = "dues:generate"
	TypeDuesCollect   = "dues:collect"
	TypeDuesReminder  = "dues:reminder"
	TypeLateFeeAssess = "latefee:assess"
	TypeFineCollect   = "fines:collect"
	TypeVendorPayout  = "payouts:vendor"
	TypeDepositRefund = "amenity:deposit_refund"
	TypeNoticeEmail   = "notice:email"
	TypeNoticeSMS     = "notice:sms"
)

// DuesGeneratePayload bills every active account for a period (YYYY-MM).
type DuesGeneratePayload struct {
	Period string `json:"period"`
}

// InvoicePayload targets one invoice.
type InvoicePayload struct {
	InvoiceID uuid.UUID `json:"invoice_id"`
}

// ReminderPayload sends one reminder stage for an invoice.
type ReminderPayload struct {
	InvoiceID uuid.UUID `json:"invoice_id"`
	Stage     string    `json:"stage"`
}

// FinePayload targets one assessed violation fine.
type FinePayload struct {
	ViolationID uuid.UUID `json:"violation_id"`
}

// PayoutPayload targets one vendor payout row.
type PayoutPayload struct {
	PayoutID uuid.UUID `json:"payout_id"`
}

// ReservationPayload targets one amenity reservation.
type ReservationPayload struct {
	ReservationID uuid.UUID `json:"reservation_id"`
}

// NoticePayload targets one notice on one channel.
type NoticePayload struct {
	NoticeID uuid.UUID `json:"notice_id"`
}

// Client enqueues tasks.
type Client struct {
	c *asynq.Client
}

// NewClient connects to Redis.
func NewClient(cfg config.Config) *Client {
	return &Client{c: asynq.NewClient(asynq.RedisClientOpt{Addr: cfg.RedisAddr})}
}

// Close releases the Redis connection.
func (c *Client) Close() error { return c.c.Close() }

// Enqueue marshals payload and enqueues a task of type typ.
func (c *Client) Enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) (*asynq.TaskInfo, error) {
	body, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("marshal %s payload: %w", typ, err)
	}
	info, err := c.c.EnqueueContext(ctx, asynq.NewTask(typ, body), opts...)
	if err != nil {
		return nil, fmt.Errorf("enqueue %s: %w", typ, err)
	}
	return info, nil
}
