// Package jobargs declares the River job argument types. It has no
// dependencies on workers so services can enqueue without import cycles.
package jobargs

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Queue names.
const (
	QueueDispatch = "dispatch"
	QueueBilling  = "billing"
	QueueTickets  = "tickets"
	QueueDisposal = "disposal"
	QueueSchedule = "schedule"
)

// Enqueuer is the subset of *river.Client[pgx.Tx] used by services.
type Enqueuer interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	InsertManyTx(ctx context.Context, tx pgx.Tx, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error)
}

var uniqueByArgs = river.UniqueOpts{ByArgs: true}

// dispatchAttempts keeps driver texts from trickling out hours late; a stale
// route text is worse than none and dispatch will phone the driver instead.
const dispatchAttempts = 6

// AssignDriver picks a driver and route for a newly scheduled pickup.
type AssignDriver struct {
	PickupID string `json:"pickup_id"`
}

func (AssignDriver) Kind() string { return "dispatch.assign_driver" }

func (AssignDriver) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDispatch, UniqueOpts: uniqueByArgs}
}

// NotifyDriver renders a template and texts it to a driver.
type NotifyDriver struct {
	DriverID string            `json:"driver_id"`
	PickupID string            `json:"pickup_id"`
	Template string            `json:"template"`
	Vars     map[string]string `json:"vars,omitempty"`
	NotifyID string            `json:"notify_id"`
}

func (NotifyDriver) Kind() string { return "dispatch.notify_driver" }

func (NotifyDriver) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDispatch, MaxAttempts: dispatchAttempts, UniqueOpts: uniqueByArgs}
}

// SendDriverMessage delivers a stored driver_messages row.
type SendDriverMessage struct {
	MessageID string `json:"message_id"`
}

func (SendDriverMessage) Kind() string { return "dispatch.send_message" }

func (SendDriverMessage) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDispatch, MaxAttempts: dispatchAttempts, UniqueOpts: uniqueByArgs}
}

// Autopay charges an invoice to the customer's default card.
type Autopay struct {
	InvoiceID string `json:"invoice_id"`
}

func (Autopay) Kind() string { return "billing.autopay" }

func (Autopay) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueBilling, MaxAttempts: 8, UniqueOpts: uniqueByArgs}
}

// RentalCycle bills monthly container rent for one period.
type RentalCycle struct {
	PeriodStart time.Time `json:"period_start"`
}

func (RentalCycle) Kind() string { return "billing.rental_cycle" }

func (RentalCycle) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueBilling, MaxAttempts: 5, UniqueOpts: uniqueByArgs}
}

// PriceTicket prices a weigh ticket and accrues the landfill's tipping fee.
type PriceTicket struct {
	TicketID string `json:"ticket_id"`
}

func (PriceTicket) Kind() string { return "tickets.price" }

func (PriceTicket) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueTickets, UniqueOpts: uniqueByArgs}
}

// RemitTipping pays a closed tipping batch to the landfill partner.
type RemitTipping struct {
	BatchID string `json:"batch_id"`
}

func (RemitTipping) Kind() string { return "tipping.remit" }

func (RemitTipping) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDisposal, MaxAttempts: 10, UniqueOpts: uniqueByArgs}
}

// BookTipSlot reserves a tip-floor slot for a planned load.
type BookTipSlot struct {
	LoadID string `json:"load_id"`
}

func (BookTipSlot) Kind() string { return "disposal.book_slot" }

func (BookTipSlot) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDisposal, UniqueOpts: uniqueByArgs}
}

// PickupReminders texts customers about tomorrow's pickups.
type PickupReminders struct {
	ServiceDate time.Time `json:"service_date"`
}

func (PickupReminders) Kind() string { return "pickups.reminders" }

func (PickupReminders) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueSchedule, UniqueOpts: uniqueByArgs}
}

// RecurringPickups materialises recurring schedules for a service date.
type RecurringPickups struct {
	ServiceDate time.Time `json:"service_date"`
}

func (RecurringPickups) Kind() string { return "pickups.recurring" }

func (RecurringPickups) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueSchedule, UniqueOpts: uniqueByArgs}
}
