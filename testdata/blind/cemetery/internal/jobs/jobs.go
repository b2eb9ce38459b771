// Package jobs declares the river job arguments shared by the api (which
// enqueues) and the worker (which works them).
package jobs

import (
	"time"

	"github.com/riverqueue/river"
)

// Queue names.
const (
	QueueDefault  = river.QueueDefault
	QueuePayments = "payments"
	QueuePartners = "partners"
	QueueMessages = "messages"
)

// IntermentBookArgs asks the funeral-home partner to book an interment.
type IntermentBookArgs struct {
	IntermentID string `json:"interment_id" river:"unique"`
}

func (IntermentBookArgs) Kind() string { return "interment_book" }

func (IntermentBookArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueuePartners,
		MaxAttempts: 12,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// EngravingSubmitArgs sends an approved engraving order to the monument vendor.
type EngravingSubmitArgs struct {
	OrderID string `json:"order_id" river:"unique"`
}

func (EngravingSubmitArgs) Kind() string { return "engraving_submit" }

func (EngravingSubmitArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:      QueuePartners,
		UniqueOpts: river.UniqueOpts{ByArgs: true},
	}
}

// FamilyNotifyArgs sends one templated SMS to every opted-in contact of a
// family. DedupKey identifies the message for the queue and the delivery log.
type FamilyNotifyArgs struct {
	FamilyID string            `json:"family_id"`
	Template string            `json:"template"`
	Params   map[string]string `json:"params,omitempty"`
	DedupKey string            `json:"dedup_key" river:"unique"`
}

func (FamilyNotifyArgs) Kind() string { return "family_notify" }

// CareChargeArgs collects one perpetual-care invoice off-session.
type CareChargeArgs struct {
	InvoiceID string `json:"invoice_id" river:"unique"`
}

func (CareChargeArgs) Kind() string { return "care_charge" }

func (CareChargeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueuePayments,
		MaxAttempts: 5,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// DepositRefundArgs refunds a cancelled reservation's deposit.
type DepositRefundArgs struct {
	ReservationID string `json:"reservation_id"`
}

func (DepositRefundArgs) Kind() string { return "deposit_refund" }

func (DepositRefundArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 8}
}

// CareBillingRunArgs opens invoices for accounts whose billing date has come.
type CareBillingRunArgs struct {
	AsOf time.Time `json:"as_of"`
}

func (CareBillingRunArgs) Kind() string { return "care_billing_run" }

// IntermentRemindersArgs texts families the day before a service.
type IntermentRemindersArgs struct{}

func (IntermentRemindersArgs) Kind() string { return "interment_reminders" }
