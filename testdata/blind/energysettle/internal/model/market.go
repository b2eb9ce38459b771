// Package model holds the gorm models persisted by the settlement service.
// Column types mirror migrations/; gorm never auto-migrates in production.
package model

import (
	"time"

	"github.com/shopspring/decimal"
)

// MeterRead is one half-hourly metered volume for an MPAN, as published by
// the market operator's data aggregation run.
type MeterRead struct {
	ID               int64           `gorm:"primaryKey;autoIncrement"`
	MPAN             string          `gorm:"column:mpan"`
	SettlementDate   time.Time       `gorm:"type:date"`
	SettlementPeriod int             `gorm:"column:settlement_period"`
	ReadType         string          `gorm:"column:read_type"` // A (actual) or E (estimate)
	KWh              decimal.Decimal `gorm:"column:kwh;type:numeric(14,3)"`
	CorrectionRef    *string         `gorm:"column:correction_ref"`
	SourceMessageID  string          `gorm:"column:source_message_id"`
	ReceivedAt       time.Time       `gorm:"column:received_at"`
	UpdatedAt        time.Time       `gorm:"column:updated_at"`
}

func (MeterRead) TableName() string { return "meter_reads" }

// MeterReadAdjustment records the delta applied by a correction so billing
// can re-rate the affected invoice lines.
type MeterReadAdjustment struct {
	ID            string          `gorm:"primaryKey"`
	MeterReadID   int64           `gorm:"column:meter_read_id"`
	CorrectionRef string          `gorm:"column:correction_ref"`
	PreviousKWh   decimal.Decimal `gorm:"column:previous_kwh;type:numeric(14,3)"`
	DeltaKWh      decimal.Decimal `gorm:"column:delta_kwh;type:numeric(14,3)"`
	Reason        string          `gorm:"column:reason"`
	CreatedAt     time.Time       `gorm:"column:created_at"`
}

func (MeterReadAdjustment) TableName() string { return "meter_read_adjustments" }

// ManualMeterRead is a read keyed in by the operations team, e.g. from a
// customer photo, pending validation against the operator's data.
type ManualMeterRead struct {
	ID        string          `gorm:"primaryKey"`
	MPAN      string          `gorm:"column:mpan"`
	ReadAt    time.Time       `gorm:"column:read_at"`
	Register  string          `gorm:"column:register"`
	Reading   decimal.Decimal `gorm:"column:reading;type:numeric(12,1)"`
	EnteredBy string          `gorm:"column:entered_by"`
	Note      string          `gorm:"column:note"`
	Status    string          `gorm:"column:status"`
	CreatedAt time.Time       `gorm:"column:created_at"`
}

func (ManualMeterRead) TableName() string { return "manual_meter_reads" }

// Registration maps an MPAN to a balancing unit and a retail account for a
// date range. EffectiveTo is nil for the current registration.
type Registration struct {
	ID            int64      `gorm:"primaryKey;autoIncrement"`
	MPAN          string     `gorm:"column:mpan"`
	AccountID     string     `gorm:"column:account_id"`
	BMUnitID      string     `gorm:"column:bm_unit_id"`
	EffectiveFrom time.Time  `gorm:"column:effective_from;type:date"`
	EffectiveTo   *time.Time `gorm:"column:effective_to;type:date"`
	ChangeRef     string     `gorm:"column:change_ref"`
	CreatedAt     time.Time  `gorm:"column:created_at"`
}

func (Registration) TableName() string { return "registrations" }

// SystemPrice is the imbalance price for one settlement period.
type SystemPrice struct {
	SettlementDate   time.Time       `gorm:"primaryKey;type:date"`
	SettlementPeriod int             `gorm:"primaryKey"`
	SystemBuyPrice   decimal.Decimal `gorm:"column:system_buy_price;type:numeric(10,2)"`  // GBP/MWh
	SystemSellPrice  decimal.Decimal `gorm:"column:system_sell_price;type:numeric(10,2)"` // GBP/MWh
	PriceRunType     string          `gorm:"column:price_run_type"`
	PublishedAt      time.Time       `gorm:"column:published_at"`
}

func (SystemPrice) TableName() string { return "system_prices" }

// Trade is a confirmed wholesale trade with a counterparty for one period.
type Trade struct {
	ID               int64           `gorm:"primaryKey;autoIncrement"`
	TradeRef         string          `gorm:"column:trade_ref"`
	CounterpartyID   string          `gorm:"column:counterparty_id"`
	BMUnitID         string          `gorm:"column:bm_unit_id"`
	Direction        string          `gorm:"column:direction"` // BUY or SELL
	VolumeMWh        decimal.Decimal `gorm:"column:volume_mwh;type:numeric(12,3)"`
	PriceGBPPerMWh   decimal.Decimal `gorm:"column:price_gbp_per_mwh;type:numeric(10,2)"`
	DeliveryDate     time.Time       `gorm:"column:delivery_date;type:date"`
	SettlementPeriod int             `gorm:"column:settlement_period"`
	Status           string          `gorm:"column:status"`
	ConfirmedAt      time.Time       `gorm:"column:confirmed_at"`
	CancelledAt      *time.Time      `gorm:"column:cancelled_at"`
}

func (Trade) TableName() string { return "trades" }

// SignedVolume returns the volume with BUY positive and SELL negative.
func (t Trade) SignedVolume() decimal.Decimal {
	if t.Direction == "SELL" {
		return t.VolumeMWh.Neg()
	}
	return t.VolumeMWh
}

// TradeReversal is the contra-entry booked when a confirmed trade is
// cancelled by the operator. Its ID is derived from the trade reference.
type TradeReversal struct {
	ID        string    `gorm:"primaryKey"`
	TradeID   int64     `gorm:"column:trade_id"`
	TradeRef  string    `gorm:"column:trade_ref"`
	Reason    string    `gorm:"column:reason"`
	CreatedAt time.Time `gorm:"column:created_at"`
}

func (TradeReversal) TableName() string { return "trade_reversals" }

// SettlementRun is a settlement run notice from the operator (II, SF, R1..RF).
type SettlementRun struct {
	RunID          string     `gorm:"primaryKey;column:run_id"`
	SettlementDate time.Time  `gorm:"column:settlement_date;type:date"`
	RunType        string     `gorm:"column:run_type"`
	Status         string     `gorm:"column:status"`
	ReceivedAt     time.Time  `gorm:"column:received_at"`
	ComputedAt     *time.Time `gorm:"column:computed_at"`
}

func (SettlementRun) TableName() string { return "settlement_runs" }

// ImbalanceCharge is the charge (positive) or credit (negative) for one
// balancing unit and period within a settlement run.
type ImbalanceCharge struct {
	ID               string          `gorm:"primaryKey"`
	RunID            string          `gorm:"column:run_id"`
	BMUnitID         string          `gorm:"column:bm_unit_id"`
	SettlementDate   time.Time       `gorm:"column:settlement_date;type:date"`
	SettlementPeriod int             `gorm:"column:settlement_period"`
	ContractedMWh    decimal.Decimal `gorm:"column:contracted_mwh;type:numeric(12,3)"`
	MeteredMWh       decimal.Decimal `gorm:"column:metered_mwh;type:numeric(12,3)"`
	ImbalanceMWh     decimal.Decimal `gorm:"column:imbalance_mwh;type:numeric(12,3)"`
	PriceGBPPerMWh   decimal.Decimal `gorm:"column:price_gbp_per_mwh;type:numeric(10,2)"`
	AmountPence      int64           `gorm:"column:amount_pence"`
	CreatedAt        time.Time       `gorm:"column:created_at"`
}

func (ImbalanceCharge) TableName() string { return "imbalance_charges" }

// TradingDispute is a dispute raised with the market operator about a
// settlement run; outcomes arrive on the dispute-outcomes topic.
type TradingDispute struct {
	ID         string     `gorm:"primaryKey"`
	DisputeRef string     `gorm:"column:dispute_ref"`
	RunID      string     `gorm:"column:run_id"`
	Status     string     `gorm:"column:status"`
	RaisedAt   time.Time  `gorm:"column:raised_at"`
	ResolvedAt *time.Time `gorm:"column:resolved_at"`
}

func (TradingDispute) TableName() string { return "trading_disputes" }

// DisputeAdjustment is the resettlement amount awarded by a dispute outcome.
type DisputeAdjustment struct {
	ID          string    `gorm:"primaryKey"`
	DisputeRef  string    `gorm:"column:dispute_ref"`
	OutcomeID   string    `gorm:"column:outcome_id"`
	BMUnitID    string    `gorm:"column:bm_unit_id"`
	AmountPence int64     `gorm:"column:amount_pence"`
	Narrative   string    `gorm:"column:narrative"`
	CreatedAt   time.Time `gorm:"column:created_at"`
}

func (DisputeAdjustment) TableName() string { return "dispute_adjustments" }

// CreditCoverCall is a call from the operator for additional credit cover.
type CreditCoverCall struct {
	CallRef     string     `gorm:"primaryKey;column:call_ref"`
	AmountPence int64      `gorm:"column:amount_pence"`
	DueBy       time.Time  `gorm:"column:due_by"`
	ReceivedAt  time.Time  `gorm:"column:received_at"`
	NotifiedAt  *time.Time `gorm:"column:notified_at"`
}

func (CreditCoverCall) TableName() string { return "credit_cover_calls" }

// ProcessedEvent marks an inbound event as applied by a named consumer.
type ProcessedEvent struct {
	Consumer    string    `gorm:"primaryKey"`
	EventID     string    `gorm:"primaryKey"`
	ProcessedAt time.Time `gorm:"column:processed_at"`
}

func (ProcessedEvent) TableName() string { return "processed_events" }
