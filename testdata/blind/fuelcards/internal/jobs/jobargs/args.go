// Package jobargs declares the river job argument types. It has no
// dependencies on the services so that both the services (which enqueue) and
// the workers (which run them) can import it.
package jobargs

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Queue names.
const (
	QueueSettlement   = "settlement"
	QueuePayouts      = "payouts"
	QueueNotification = "notifications"
)

// Enqueuer is the part of the river client the services use.
type Enqueuer interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// SettlementIngest loads a merchant's nightly file into settlement_lines.
type SettlementIngest struct {
	FileID uuid.UUID `json:"file_id"`
}

func (SettlementIngest) Kind() string { return "settlement.ingest" }

func (SettlementIngest) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:      QueueSettlement,
		UniqueOpts: river.UniqueOpts{ByArgs: true},
	}
}

// SettlementMatch matches ingested lines to their authorizations.
type SettlementMatch struct {
	FileID uuid.UUID `json:"file_id"`
}

func (SettlementMatch) Kind() string { return "settlement.match" }

func (SettlementMatch) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueSettlement, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// SettlementPost posts a file's fleet receivables and merchant payable to
// the ledger.
type SettlementPost struct {
	FileID uuid.UUID `json:"file_id"`
}

func (SettlementPost) Kind() string { return "settlement.post" }

func (SettlementPost) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueSettlement, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// SettlementRemit pays the merchant for a posted file.
type SettlementRemit struct {
	FileID uuid.UUID `json:"file_id"`
}

func (SettlementRemit) Kind() string { return "settlement.remit" }

func (SettlementRemit) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayouts, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// RebateCalculate computes a fleet's rebate for a month ("2006-01").
type RebateCalculate struct {
	FleetID uuid.UUID `json:"fleet_id"`
	Period  string    `json:"period"`
}

func (RebateCalculate) Kind() string { return "rebate.calculate" }

func (RebateCalculate) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// RebatePayout pays a rebate to the fleet's bank account.
type RebatePayout struct {
	RebateID uuid.UUID `json:"rebate_id"`
}

func (RebatePayout) Kind() string { return "rebate.payout" }

func (RebatePayout) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayouts, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// RebateCredit applies a rebate as a statement credit on the fleet's card
// account.
type RebateCredit struct {
	RebateID uuid.UUID `json:"rebate_id"`
}

func (RebateCredit) Kind() string { return "rebate.credit" }

func (RebateCredit) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayouts, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// SMSAlert sends a queued sms_alerts row.
type SMSAlert struct {
	AlertID int64 `json:"alert_id"`
}

func (SMSAlert) Kind() string { return "alerts.sms" }

func (SMSAlert) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueNotification, MaxAttempts: 8}
}

// FraudVelocity runs the velocity rules after an approved authorization.
type FraudVelocity struct {
	NetworkAuthID string `json:"network_auth_id"`
}

func (FraudVelocity) Kind() string { return "fraud.velocity" }

func (FraudVelocity) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByPeriod: 24 * time.Hour},
		MaxAttempts: 5,
	}
}
