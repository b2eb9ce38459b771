// Package tasks defines the asynq task types, their payloads and the
// enqueuer used by services.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// Task type names.
const (
	TypeRenderCertificate = "certificate:render"
	TypeSendPayout        = "payout:send"
	TypeNotifyRetirement  = "registry:notify-retirement"
	TypeNotifyTransfer    = "registry:notify-transfer"
	TypeExpireOrder       = "order:expire"
	TypeDeliverWebhook    = "webhook:deliver"
)

// retention keeps completed tasks (and so their IDs) around long enough that
// a re-enqueue of the same ID by a retried request is rejected.
const retention = 72 * time.Hour

// Queues.
const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

// RetirementPayload identifies a retirement.
type RetirementPayload struct {
	RetirementID uuid.UUID `json:"retirement_id"`
}

// PayoutPayload identifies a payout.
type PayoutPayload struct {
	PayoutID uuid.UUID `json:"payout_id"`
}

// TransferPayload identifies a transfer.
type TransferPayload struct {
	TransferID uuid.UUID `json:"transfer_id"`
}

// OrderPayload identifies an order.
type OrderPayload struct {
	OrderID uuid.UUID `json:"order_id"`
}

// WebhookPayload is one event for one buyer endpoint.
type WebhookPayload struct {
	EndpointID uuid.UUID       `json:"endpoint_id"`
	EventType  string          `json:"event_type"`
	Data       json.RawMessage `json:"data"`
}

func newTask(typ string, payload any, opts ...asynq.Option) *asynq.Task {
	b, err := json.Marshal(payload)
	if err != nil {
		// Payloads are plain structs of IDs and raw JSON; failure is a bug.
		panic(fmt.Sprintf("tasks: encode %s: %v", typ, err))
	}
	return asynq.NewTask(typ, b, opts...)
}

// RenderCertificate is queued once per retirement.
func RenderCertificate(retirementID uuid.UUID) *asynq.Task {
	return newTask(TypeRenderCertificate, RetirementPayload{RetirementID: retirementID},
		asynq.TaskID("cert:"+retirementID.String()), asynq.Queue(QueueDefault), asynq.MaxRetry(10), asynq.Retention(retention))
}

// NotifyRetirement submits a retirement to the registry partner.
func NotifyRetirement(retirementID uuid.UUID) *asynq.Task {
	return newTask(TypeNotifyRetirement, RetirementPayload{RetirementID: retirementID},
		asynq.TaskID("registry-retire:"+retirementID.String()), asynq.Queue(QueueCritical), asynq.MaxRetry(20), asynq.Retention(retention))
}

// NotifyTransfer reports a completed transfer to the registry partner.
func NotifyTransfer(transferID uuid.UUID) *asynq.Task {
	return newTask(TypeNotifyTransfer, TransferPayload{TransferID: transferID},
		asynq.TaskID("registry-transfer:"+transferID.String()), asynq.Queue(QueueCritical), asynq.MaxRetry(20), asynq.Retention(retention))
}

// SendPayout pays a requested payout.
func SendPayout(payoutID uuid.UUID) *asynq.Task {
	return newTask(TypeSendPayout, PayoutPayload{PayoutID: payoutID},
		asynq.TaskID("payout:"+payoutID.String()), asynq.Queue(QueueCritical), asynq.MaxRetry(8), asynq.Retention(retention))
}

// ExpireOrder releases an unpaid order's reservation after hold.
func ExpireOrder(orderID uuid.UUID, hold time.Duration) *asynq.Task {
	return newTask(TypeExpireOrder, OrderPayload{OrderID: orderID},
		asynq.TaskID("expire:"+orderID.String()), asynq.ProcessIn(hold), asynq.Queue(QueueLow))
}

// DeliverWebhook sends one event to one endpoint. taskID must be stable for
// the event so that re-enqueueing it is a no-op.
func DeliverWebhook(taskID string, p WebhookPayload) *asynq.Task {
	return newTask(TypeDeliverWebhook, p, asynq.TaskID(taskID), asynq.Queue(QueueLow), asynq.MaxRetry(15), asynq.Retention(retention))
}

// Enqueuer schedules tasks.
type Enqueuer interface {
	Enqueue(ctx context.Context, t *asynq.Task) error
}

// Client is the Redis backed Enqueuer.
type Client struct {
	c *asynq.Client
}

// NewClient returns an Enqueuer on the given Redis.
func NewClient(redisAddr string) *Client {
	return &Client{c: asynq.NewClient(asynq.RedisClientOpt{Addr: redisAddr})}
}

// Close releases the Redis connection.
func (c *Client) Close() error { return c.c.Close() }

// Enqueue schedules t. A task whose ID is already queued (or retained after
// completing) is treated as scheduled.
func (c *Client) Enqueue(ctx context.Context, t *asynq.Task) error {
	if _, err := c.c.EnqueueContext(ctx, t); err != nil {
		if errors.Is(err, asynq.ErrTaskIDConflict) {
			return nil
		}
		return fmt.Errorf("tasks: enqueue %s: %w", t.Type(), err)
	}
	return nil
}

// Decode unmarshals a task payload.
func Decode[T any](t *asynq.Task) (T, error) {
	var v T
	if err := json.Unmarshal(t.Payload(), &v); err != nil {
		return v, fmt.Errorf("%s: bad payload: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return v, nil
}
