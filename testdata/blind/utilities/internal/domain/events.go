package domain

import "time"

// Kafka topics used between the head-end, billing and the consumers.
const (
	TopicMeterReadings       = "headend.meter-readings.v1"
	TopicBillAccount         = "billing.bill-account.v1"
	TopicBillIssued          = "billing.bill-issued.v1"
	TopicCollectionDue       = "directdebit.collection-due.v1"
	TopicCollectionRepresent = "directdebit.collection-represent.v1"
	TopicCollectionSettled   = "directdebit.collection-settled.v1"
	TopicPaymentFailed       = "payments.payment-failed.v1"
	TopicWorkOrderDispatch   = "fieldservice.work-order-dispatch.v1"
)

// MeterReadingEvent is what the head-end system publishes for each interval
// read it collects from a smart meter.
type MeterReadingEvent struct {
	MeterSerial string    `json:"meter_serial"`
	Register    string    `json:"register"`
	ReadAt      time.Time `json:"read_at"`
	Value       float64   `json:"value"`
	Quality     string    `json:"quality"`
}

// BillAccountCommand asks the billing consumer to compute the bill for one
// account and billing period.
type BillAccountCommand struct {
	BillingRunID string    `json:"billing_run_id"`
	AccountID    string    `json:"account_id"`
	PeriodStart  time.Time `json:"period_start"`
	PeriodEnd    time.Time `json:"period_end"`
}

type BillIssuedEvent struct {
	BillID    string `json:"bill_id"`
	AccountID string `json:"account_id"`
}

type CollectionDueEvent struct {
	AccountID string `json:"account_id"`
	BillID    string `json:"bill_id"`
	MandateID string `json:"mandate_id"`
}

type CollectionRepresentEvent struct {
	OriginalEndToEndID string `json:"original_end_to_end_id"`
	ReturnReason       string `json:"return_reason"`
}

type CollectionSettledEvent struct {
	EndToEndID  string    `json:"end_to_end_id"`
	BankRef     string    `json:"bank_ref"`
	AmountCents int64     `json:"amount_cents"`
	SettledAt   time.Time `json:"settled_at"`
}

type PaymentFailedEvent struct {
	AccountID string `json:"account_id"`
	BillID    string `json:"bill_id"`
	Stage     int    `json:"stage"`
	Reason    string `json:"reason"`
}

type WorkOrderDispatchEvent struct {
	WorkOrderID string `json:"work_order_id"`
}
