// Package jobs defines the River job arguments shared by the api (which
// enqueues) and the worker (which runs them), plus the enqueuer used by both.
package jobs

import (
	"time"

	"github.com/riverqueue/river"
)

const (
	QueueDefault    = river.QueueDefault
	QueueBilling    = "billing"
	QueueStatements = "statements"
	QueueNotify     = "notify"
)

// ProvisionMemberArgs sets up a newly approved member with the payments
// provider and sends the welcome email.
type ProvisionMemberArgs struct {
	MemberID string `json:"member_id" river:"unique"`
}

func (ProvisionMemberArgs) Kind() string { return "provision_member" }
func (ProvisionMemberArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueBilling, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// DuesCycleArgs fans out the annual dues invoices for every active member.
type DuesCycleArgs struct {
	Year int `json:"year" river:"unique"`
}

func (DuesCycleArgs) Kind() string { return "dues_cycle" }
func (DuesCycleArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueBilling, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// DuesBillingArgs bills one member's annual dues through Stripe.
type DuesBillingArgs struct {
	MemberID string `json:"member_id" river:"unique"`
	Year     int    `json:"year" river:"unique"`
}

func (DuesBillingArgs) Kind() string { return "dues_billing" }
func (DuesBillingArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueBilling, MaxAttempts: 8, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// StatementRunArgs dispatches per-member statement jobs for a run.
type StatementRunArgs struct {
	RunID string `json:"run_id" river:"unique"`
}

func (StatementRunArgs) Kind() string { return "statement_run" }
func (StatementRunArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueStatements, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// MemberStatementArgs builds one member's monthly statement.
type MemberStatementArgs struct {
	RunID    string `json:"run_id" river:"unique"`
	MemberID string `json:"member_id" river:"unique"`
	Period   string `json:"period"`
}

func (MemberStatementArgs) Kind() string { return "member_statement" }
func (MemberStatementArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueStatements, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// StatementEmailArgs emails a built statement to the member.
type StatementEmailArgs struct {
	StatementID string `json:"statement_id" river:"unique"`
}

func (StatementEmailArgs) Kind() string { return "statement_email" }
func (StatementEmailArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueNotify, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// LedgerPostingArgs posts a finished run's totals to the general ledger.
type LedgerPostingArgs struct {
	RunID string `json:"run_id" river:"unique"`
}

func (LedgerPostingArgs) Kind() string { return "ledger_posting" }
func (LedgerPostingArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueStatements, MaxAttempts: 10, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// LedgerPostingDelay leaves time for the member statement jobs of a run to
// finish before the run is posted.
const LedgerPostingDelay = 2 * time.Hour

// WaitlistOfferArgs offers a vacated berth to the next member on the list.
type WaitlistOfferArgs struct {
	BerthID        string `json:"berth_id" river:"unique"`
	TriggerEventID string `json:"trigger_event_id" river:"unique"`
}

func (WaitlistOfferArgs) Kind() string { return "waitlist_offer" }
func (WaitlistOfferArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueNotify, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// GuestConfirmationArgs sends the guest-berth confirmation email.
type GuestConfirmationArgs struct {
	BookingID string `json:"booking_id" river:"unique"`
}

func (GuestConfirmationArgs) Kind() string { return "guest_booking_confirmation" }
func (GuestConfirmationArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueNotify, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// OutboxRelayArgs publishes pending outbox rows to Kafka.
type OutboxRelayArgs struct{}

func (OutboxRelayArgs) Kind() string { return "outbox_relay" }
func (OutboxRelayArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: 30 * time.Second}}
}
