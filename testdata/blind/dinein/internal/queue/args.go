// Package queue defines background job arguments and the Enqueuer used by
// services to schedule them.
package queue

import (
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
)

const (
	QueuePayments = "payments"
	QueuePayouts  = "payouts"
	QueueNotify   = "notify"
	QueueDispatch = "dispatch"
)

// once makes a job unique by its arguments while it is pending or running.
func once(queue string) river.InsertOpts {
	return river.InsertOpts{Queue: queue, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// RefundArgs issues the card refund for a refund row.
type RefundArgs struct {
	RefundID uuid.UUID `json:"refund_id"`
}

func (RefundArgs) Kind() string                 { return "refund.issue" }
func (RefundArgs) InsertOpts() river.InsertOpts { return once(QueuePayments) }

// AdjustmentRefundArgs refunds one item adjustment.
type AdjustmentRefundArgs struct {
	AdjustmentID uuid.UUID `json:"adjustment_id"`
}

func (AdjustmentRefundArgs) Kind() string                 { return "refund.adjustment" }
func (AdjustmentRefundArgs) InsertOpts() river.InsertOpts { return once(QueuePayments) }

// PayoutArgs pays a restaurant for one weekly period.
type PayoutArgs struct {
	RestaurantID uuid.UUID `json:"restaurant_id"`
	PeriodStart  string    `json:"period_start"`
}

func (PayoutArgs) Kind() string { return "payout.execute" }
func (PayoutArgs) InsertOpts() river.InsertOpts {
	o := once(QueuePayouts)
	o.MaxAttempts = 10
	return o
}

// Period parses PeriodStart.
func (a PayoutArgs) Period() (time.Time, error) {
	return time.Parse(time.DateOnly, a.PeriodStart)
}

// DispatchArgs books a courier for an order.
type DispatchArgs struct {
	OrderID uuid.UUID `json:"order_id"`
	Attempt int       `json:"attempt"`
}

func (DispatchArgs) Kind() string                 { return "dispatch.request" }
func (DispatchArgs) InsertOpts() river.InsertOpts { return once(QueueDispatch) }

// TipForwardArgs passes a customer tip to the courier partner.
type TipForwardArgs struct {
	TipID string `json:"tip_id"`
}

func (TipForwardArgs) Kind() string                 { return "courier.tip_forward" }
func (TipForwardArgs) InsertOpts() river.InsertOpts { return once(QueueDispatch) }

// SMSArgs sends a stored SMS notification.
type SMSArgs struct {
	NotificationID uuid.UUID `json:"notification_id"`
}

func (SMSArgs) Kind() string                 { return "notify.sms" }
func (SMSArgs) InsertOpts() river.InsertOpts { return once(QueueNotify) }

// ReceiptArgs texts an order receipt to the customer.
type ReceiptArgs struct {
	OrderID   uuid.UUID `json:"order_id"`
	RequestID string    `json:"request_id"`
}

func (ReceiptArgs) Kind() string { return "notify.receipt" }
func (ReceiptArgs) InsertOpts() river.InsertOpts {
	o := once(QueueNotify)
	o.UniqueOpts.ByPeriod = 15 * time.Minute
	return o
}

// LoyaltyArgs accrues loyalty points for a delivered order.
type LoyaltyArgs struct {
	OrderID uuid.UUID `json:"order_id"`
}

func (LoyaltyArgs) Kind() string                 { return "loyalty.accrue" }
func (LoyaltyArgs) InsertOpts() river.InsertOpts { return once(QueueNotify) }
