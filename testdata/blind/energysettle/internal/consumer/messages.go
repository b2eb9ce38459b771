package consumer

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/segmentio/kafka-go"
	"github.com/shopspring/decimal"
)

// Market operator topics.
const (
	TopicMeterReads           = "market.meter-reads"
	TopicMeterReadCorrections = "market.meter-read-corrections"
	TopicTradeConfirmations   = "market.trade-confirmations"
	TopicTradeCancellations   = "market.trade-cancellations"
	TopicSettlementRuns       = "market.settlement-runs"
	TopicSystemPrices         = "market.system-prices"
	TopicRegistrationChanges  = "market.registration-changes"
	TopicDisputeOutcomes      = "market.dispute-outcomes"
	TopicCreditCoverCalls     = "market.credit-cover-calls"
)

// operatorDate is a settlement date as the operator sends it.
type operatorDate struct{ time.Time }

func (d *operatorDate) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		return err
	}
	d.Time = t
	return nil
}

type meterReadMsg struct {
	MPAN           string       `json:"mpan"`
	SettlementDate operatorDate `json:"settlement_date"`
	ReadType       string       `json:"read_type"`
	Periods        []struct {
		Period int             `json:"sp"`
		KWh    decimal.Decimal `json:"kwh"`
	} `json:"periods"`
}

type correctionMsg struct {
	CorrectionRef    string          `json:"correction_ref"`
	MPAN             string          `json:"mpan"`
	SettlementDate   operatorDate    `json:"settlement_date"`
	SettlementPeriod int             `json:"sp"`
	ReadType         string          `json:"read_type"`
	KWh              decimal.Decimal `json:"kwh"`
	Reason           string          `json:"reason"`
}

type tradeConfirmationMsg struct {
	TradeRef         string          `json:"trade_ref"`
	Counterparty     string          `json:"counterparty"`
	BMUnit           string          `json:"bm_unit"`
	Direction        string          `json:"direction"`
	VolumeMWh        decimal.Decimal `json:"volume_mwh"`
	Price            decimal.Decimal `json:"price"`
	DeliveryDate     operatorDate    `json:"delivery_date"`
	SettlementPeriod int             `json:"sp"`
	ConfirmedAt      time.Time       `json:"confirmed_at"`
}

type tradeCancellationMsg struct {
	TradeRef    string    `json:"trade_ref"`
	Reason      string    `json:"reason"`
	CancelledAt time.Time `json:"cancelled_at"`
}

type settlementRunMsg struct {
	RunID          string       `json:"run_id"`
	SettlementDate operatorDate `json:"settlement_date"`
	RunType        string       `json:"run_type"`
	PublishedAt    time.Time    `json:"published_at"`
}

type systemPriceMsg struct {
	SettlementDate operatorDate `json:"settlement_date"`
	PriceRun       string       `json:"price_run"`
	PublishedAt    time.Time    `json:"published_at"`
	Prices         []struct {
		Period int             `json:"sp"`
		SBP    decimal.Decimal `json:"sbp"`
		SSP    decimal.Decimal `json:"ssp"`
	} `json:"prices"`
}

type registrationChangeMsg struct {
	ChangeRef     string       `json:"change_ref"`
	Kind          string       `json:"kind"`
	MPAN          string       `json:"mpan"`
	AccountID     string       `json:"account_id"`
	BMUnit        string       `json:"bm_unit"`
	EffectiveFrom operatorDate `json:"effective_from"`
}

type disputeOutcomeMsg struct {
	OutcomeID   string    `json:"outcome_id"`
	DisputeRef  string    `json:"dispute_ref"`
	Decision    string    `json:"decision"`
	DecidedAt   time.Time `json:"decided_at"`
	Adjustments []struct {
		BMUnit      string `json:"bm_unit"`
		AmountPence int64  `json:"amount_pence"`
		Narrative   string `json:"narrative"`
	} `json:"adjustments"`
}

type creditCoverCallMsg struct {
	CallRef     string    `json:"call_ref"`
	AmountPence int64     `json:"amount_pence"`
	DueBy       time.Time `json:"due_by"`
	IssuedAt    time.Time `json:"issued_at"`
}

// decode unmarshals a message value, marking failures as poison.
func decode[T any](msg kafka.Message) (T, error) {
	var v T
	if err := json.Unmarshal(msg.Value, &v); err != nil {
		return v, Poison(fmt.Errorf("decode %s at %d/%d: %w", msg.Topic, msg.Partition, msg.Offset, err))
	}
	return v, nil
}
