// Package jobs declares the river job arguments. Workers live in package
// worker; anything that enqueues only needs this package and queue.
package jobs

import (
	"time"

	"github.com/riverqueue/river"
)

const (
	QueueFulfilment = "fulfilment"
	QueueCompliance = "compliance"
	QueueNotify     = "notify"
	QueueBatch      = "batch"
)

// PickOrderArgs builds the pick list for a paid order.
type PickOrderArgs struct {
	OrderID string `json:"order_id"`
}

func (PickOrderArgs) Kind() string { return "fulfilment.pick_order" }
func (PickOrderArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueFulfilment, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// ShipOrderArgs books the courier for a dispensed order.
type ShipOrderArgs struct {
	OrderID string `json:"order_id"`
}

func (ShipOrderArgs) Kind() string { return "fulfilment.ship_order" }
func (ShipOrderArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueFulfilment, UniqueOpts: river.UniqueOpts{ByArgs: true}, MaxAttempts: 12}
}

// ReportDispenseArgs reports the controlled-drug entries of one order to the
// regulator.
type ReportDispenseArgs struct {
	OrderID string `json:"order_id"`
}

func (ReportDispenseArgs) Kind() string { return "compliance.report_dispense" }
func (ReportDispenseArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueCompliance, UniqueOpts: river.UniqueOpts{ByArgs: true}, MaxAttempts: 48}
}

// SendNotificationArgs delivers one row of the notifications table.
type SendNotificationArgs struct {
	NotificationID string `json:"notification_id"`
}

func (SendNotificationArgs) Kind() string { return "notify.send" }
func (SendNotificationArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueNotify, MaxAttempts: 8}
}

// CourierExceptionArgs follows up a delivery exception reported by the
// courier: book a redelivery and tell the owner.
type CourierExceptionArgs struct {
	ShipmentID string `json:"shipment_id"`
	Code       string `json:"code"`
	Detail     string `json:"detail"`
	TraceID    string `json:"trace_id"`
}

func (CourierExceptionArgs) Kind() string { return "fulfilment.courier_exception" }
func (CourierExceptionArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:      QueueFulfilment,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByPeriod: 24 * time.Hour},
	}
}

// Periodic jobs.

type RefillRemindersArgs struct{}

func (RefillRemindersArgs) Kind() string { return "batch.refill_reminders" }
func (RefillRemindersArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueBatch}
}

type StockCountArgs struct {
	Period string `json:"period"`
}

func (StockCountArgs) Kind() string { return "batch.stock_count_sheets" }
func (StockCountArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueBatch}
}

type DailyReturnArgs struct {
	Day string `json:"day"` // YYYY-MM-DD
}

func (DailyReturnArgs) Kind() string { return "compliance.daily_return" }
func (DailyReturnArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueCompliance, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

type ExpireRefillsArgs struct{}

func (ExpireRefillsArgs) Kind() string { return "batch.expire_refills" }
func (ExpireRefillsArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueBatch}
}
