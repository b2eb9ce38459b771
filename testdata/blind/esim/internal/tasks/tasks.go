// Package tasks defines the asynq task types the platform enqueues and a thin
// enqueuer over the asynq client.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// Task type names.
const (
	TypeOrderCharge      = "order:charge"
	TypeOrderCapture     = "order:capture"
	TypeEsimReserve      = "esim:reserve"
	TypeEsimActivate     = "esim:activate"
	TypeTopUpCharge      = "topup:charge"
	TypeTopUpApply       = "topup:apply"
	TypeUsageAlert       = "notify:usage-threshold"
	TypeProfileReady     = "notify:profile-ready"
	TypeRefundProcess    = "refund:process"
	TypeCommissionAccrue = "commission:accrue"
	TypeExpireSweep      = "plans:expire-sweep"
	TypeUsagePoll        = "usage:poll"
)

// Queues.
const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueNotify   = "notify"
	QueueLow      = "low"
)

// OrderPayload addresses one order.
type OrderPayload struct {
	OrderID string `json:"order_id"`
}

// EsimPayload addresses one eSIM.
type EsimPayload struct {
	EsimID string `json:"esim_id"`
}

// TopUpPayload addresses one top-up.
type TopUpPayload struct {
	TopUpID string `json:"top_up_id"`
}

// RefundPayload addresses one refund.
type RefundPayload struct {
	RefundID string `json:"refund_id"`
}

// UsageAlertPayload asks for a threshold alert.
type UsageAlertPayload struct {
	EsimID  string `json:"esim_id"`
	Percent int32  `json:"percent"`
}

// PollPayload asks for a usage poll of one carrier.
type PollPayload struct {
	Carrier string `json:"carrier"`
}

func newTask(typ string, payload any, opts ...asynq.Option) *asynq.Task {
	b, err := json.Marshal(payload)
	if err != nil {
		panic(fmt.Sprintf("tasks: encode %s payload: %v", typ, err))
	}
	return asynq.NewTask(typ, b, opts...)
}

// ChargeOrder authorises payment for an order.
func ChargeOrder(orderID string) *asynq.Task {
	return newTask(TypeOrderCharge, OrderPayload{OrderID: orderID},
		asynq.TaskID("charge:"+orderID), asynq.Queue(QueueCritical), asynq.MaxRetry(10), asynq.Retention(72*time.Hour))
}

// CaptureOrder captures the authorised amount once the profile is installed.
func CaptureOrder(orderID string) *asynq.Task {
	return newTask(TypeOrderCapture, OrderPayload{OrderID: orderID},
		asynq.TaskID("capture:"+orderID), asynq.Queue(QueueCritical), asynq.MaxRetry(10), asynq.Retention(72*time.Hour))
}

// ReserveEsim reserves a profile for a paid order.
func ReserveEsim(orderID string) *asynq.Task {
	return newTask(TypeEsimReserve, OrderPayload{OrderID: orderID},
		asynq.TaskID("reserve:"+orderID), asynq.Queue(QueueCritical), asynq.MaxRetry(15), asynq.Retention(72*time.Hour))
}

// ActivateEsim releases a reserved profile for download. generation is the
// eSIM's reissue count, so a reissued profile gets its own task.
func ActivateEsim(esimID string, generation int32) *asynq.Task {
	return newTask(TypeEsimActivate, EsimPayload{EsimID: esimID},
		asynq.TaskID(fmt.Sprintf("activate:%s:%d", esimID, generation)), asynq.Queue(QueueCritical), asynq.MaxRetry(10), asynq.Retention(24*time.Hour))
}

// ChargeTopUp authorises and captures payment for a top-up.
func ChargeTopUp(topUpID string) *asynq.Task {
	return newTask(TypeTopUpCharge, TopUpPayload{TopUpID: topUpID},
		asynq.TaskID("topup-charge:"+topUpID), asynq.Queue(QueueCritical), asynq.MaxRetry(8), asynq.Retention(72*time.Hour))
}

// ApplyTopUp adds a paid bundle at the carrier.
func ApplyTopUp(topUpID string) *asynq.Task {
	return newTask(TypeTopUpApply, TopUpPayload{TopUpID: topUpID},
		asynq.TaskID("topup-apply:"+topUpID), asynq.Queue(QueueCritical), asynq.MaxRetry(8), asynq.Retention(72*time.Hour))
}

// ProfileReady tells the traveller their eSIM can be installed.
func ProfileReady(esimID string, generation int32) *asynq.Task {
	return newTask(TypeProfileReady, EsimPayload{EsimID: esimID},
		asynq.TaskID(fmt.Sprintf("profile-ready:%s:%d", esimID, generation)), asynq.Queue(QueueNotify), asynq.MaxRetry(5), asynq.Retention(24*time.Hour))
}

// UsageAlert sends a threshold alert. Callers choose the task ID.
func UsageAlert(esimID string, percent int32, opts ...asynq.Option) *asynq.Task {
	opts = append([]asynq.Option{asynq.Queue(QueueNotify), asynq.MaxRetry(5), asynq.Retention(24 * time.Hour)}, opts...)
	return newTask(TypeUsageAlert, UsageAlertPayload{EsimID: esimID, Percent: percent}, opts...)
}

// AlertTaskID is the task ID of the alert for one crossing of a threshold.
func AlertTaskID(esimID string, percent int32) string {
	return fmt.Sprintf("usage-alert:%s:%d", esimID, percent)
}

// ProcessRefund submits a refund to the payment provider.
func ProcessRefund(refundID string) *asynq.Task {
	return newTask(TypeRefundProcess, RefundPayload{RefundID: refundID},
		asynq.TaskID("refund:"+refundID), asynq.Queue(QueueDefault), asynq.MaxRetry(12), asynq.Retention(72*time.Hour))
}

// AccrueCommission books the reseller commission for a captured order.
func AccrueCommission(orderID string) *asynq.Task {
	return newTask(TypeCommissionAccrue, OrderPayload{OrderID: orderID},
		asynq.TaskID("commission:"+orderID), asynq.Queue(QueueLow), asynq.MaxRetry(20), asynq.Retention(72*time.Hour))
}

// ExpireSweep is the periodic plan expiry task.
func ExpireSweep() *asynq.Task {
	return asynq.NewTask(TypeExpireSweep, nil, asynq.Queue(QueueLow), asynq.MaxRetry(3))
}

// UsagePoll is the periodic usage pull for one carrier.
func UsagePoll(carrier string) *asynq.Task {
	return newTask(TypeUsagePoll, PollPayload{Carrier: carrier}, asynq.Queue(QueueLow), asynq.MaxRetry(3))
}

// Enqueuer puts tasks on the queue.
type Enqueuer interface {
	Enqueue(ctx context.Context, t *asynq.Task, opts ...asynq.Option) error
}

// Client is the asynq-backed Enqueuer. A task whose ID is already queued is
// treated as enqueued.
type Client struct {
	c *asynq.Client
}

// NewClient wraps an asynq client.
func NewClient(c *asynq.Client) *Client { return &Client{c: c} }

// Enqueue implements Enqueuer.
func (c *Client) Enqueue(ctx context.Context, t *asynq.Task, opts ...asynq.Option) error {
	_, err := c.c.EnqueueContext(ctx, t, opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", t.Type(), err)
	}
	return nil
}

// Close closes the underlying client.
func (c *Client) Close() error { return c.c.Close() }
