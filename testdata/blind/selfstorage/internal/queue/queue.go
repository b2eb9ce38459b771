// Package queue defines the background task types, their payloads and a thin
// enqueuer over asynq.
package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/hibiken/asynq"
)

const (
	TypeMonthlyRun       = "billing:monthly_run"
	TypeAutopay          = "billing:autopay"
	TypeDelinquencySweep = "delinquency:sweep"
	TypeOverlock         = "delinquency:overlock"
	TypePushCode         = "gate:push_code"
	TypeNotify           = "notify:send"
	TypeAuctionNotice    = "auction:notice"
	TypeAuctionDisburse  = "auction:disburse"
	TypeInsuranceEnroll  = "insurance:enroll"
)

const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

type MonthlyRunPayload struct {
	Period string `json:"period,omitempty"`
}

type AutopayPayload struct {
	InvoiceID string `json:"invoice_id"`
}

type SweepPayload struct {
	AsOf string `json:"as_of,omitempty"`
}

type OverlockPayload struct {
	RentalID  string `json:"rental_id"`
	InvoiceID string `json:"invoice_id"`
}

type PushCodePayload struct {
	RentalID string `json:"rental_id"`
	Version  int    `json:"version"`
}

type NotifyPayload struct {
	Key       string            `json:"key"`
	RentalID  string            `json:"rental_id,omitempty"`
	Template  string            `json:"template"`
	Recipient string            `json:"recipient"`
	Vars      map[string]string `json:"vars,omitempty"`
}

type AuctionNoticePayload struct {
	AuctionID string `json:"auction_id"`
	Kind      string `json:"kind"`
}

type AuctionDisbursePayload struct {
	AuctionID string `json:"auction_id"`
}

type EnrollPayload struct {
	RentalID string `json:"rental_id"`
	PlanCode string `json:"plan_code"`
}

// Enqueuer puts a task on the queue. Implementations treat "already queued"
// (a TaskID or uniqueness conflict) as success.
type Enqueuer interface {
	Enqueue(ctx context.Context, taskType string, payload any, opts ...asynq.Option) error
}

// Client is the asynq-backed Enqueuer.
type Client struct {
	c *asynq.Client
}

func NewClient(c *asynq.Client) *Client { return &Client{c: c} }

func (q *Client) Enqueue(ctx context.Context, taskType string, payload any, opts ...asynq.Option) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("encode %s payload: %w", taskType, err)
	}
	_, err = q.c.EnqueueContext(ctx, asynq.NewTask(taskType, b), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	return err
}

// ID builds a task id from its parts.
func ID(parts ...string) asynq.Option {
	return asynq.TaskID(strings.Join(parts, ":"))
}

// Decode unmarshals a task payload.
func Decode[T any](t *asynq.Task) (T, error) {
	var v T
	if err := json.Unmarshal(t.Payload(), &v); err != nil {
		return v, fmt.Errorf("%s: bad payload: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return v, nil
}
