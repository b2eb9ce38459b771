package domain

import (
	"encoding/json"
	"time"
)

// Envelope is the wrapper every machine puts around a telemetry event.
// EventID is generated once on the machine and survives the machine's own
// upload retries and broker redeliveries.
type Envelope struct {
	EventID    string          `json:"event_id"`
	MachineID  string          `json:"machine_id"`
	Seq        int64           `json:"seq"`
	Kind       string          `json:"kind"`
	OccurredAt time.Time       `json:"occurred_at"`
	Payload    json.RawMessage `json:"payload"`
}

// SaleEvent is emitted after every successful vend, cash or card.
type SaleEvent struct {
	ProductID   string `json:"product_id"`
	SlotCode    string `json:"slot_code"`
	AmountCents Cents  `json:"amount_cents"`
	Method      string `json:"method"`
	PaymentID   string `json:"payment_id,omitempty"`
}

// VendFailureEvent is emitted when the vend motor or drop sensor reports
// that a paid product did not reach the customer.
type VendFailureEvent struct {
	PaymentID   string `json:"payment_id"`
	AmountCents Cents  `json:"amount_cents"`
	SlotCode    string `json:"slot_code"`
	Sensor      string `json:"sensor"`
}

// FaultEvent is emitted by the machine's controller on a hardware or
// software fault.
type FaultEvent struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	Detail   string `json:"detail"`
}

// CounterEvent carries the machine's cumulative cash counters.
type CounterEvent struct {
	ReadingSeq   int64 `json:"reading_seq"`
	CashInCents  Cents `json:"cash_in_cents"`
	CoinsCents   Cents `json:"coins_cents"`
	BillsCents   Cents `json:"bills_cents"`
	DispensedOut Cents `json:"dispensed_out_cents"`
}

// HeartbeatEvent is sent every few minutes while the machine is online.
type HeartbeatEvent struct {
	Firmware    string  `json:"firmware"`
	SignalDBm   int     `json:"signal_dbm"`
	TempCelsius float64 `json:"temp_c"`
}

// Sale is the stored form of a SaleEvent.
type Sale struct {
	ID          string
	MachineID   string
	MachineSeq  int64
	ProductID   string
	AmountCents Cents
	Method      string
	PaymentID   string
	SoldAt      time.Time
}

// CounterReading is the stored form of a CounterEvent.
type CounterReading struct {
	MachineID   string
	ReadingSeq  int64
	CashInCents Cents
	CoinsCents  Cents
	BillsCents  Cents
	ReadAt      time.Time
}

// LowStock is published to the restock pipeline when a slot falls to par.
type LowStock struct {
	MachineID string    `json:"machine_id"`
	ProductID string    `json:"product_id"`
	Quantity  int       `json:"quantity"`
	ParLevel  int       `json:"par_level"`
	At        time.Time `json:"at"`
}
