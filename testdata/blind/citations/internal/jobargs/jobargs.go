// Package jobargs holds the River job argument types. It is separate from
// package jobs so services can enqueue work without importing the workers.
package jobargs

import "time"

// Queue names.
const (
	QueueImports  = "imports"
	QueuePayments = "payments"
	QueueDefault  = "default"
	QueueNotify   = "notify"
)

// VendorImport pulls one vendor's nightly batch for a capture date.
type VendorImport struct {
	Vendor    string `json:"vendor"`
	BatchDate string `json:"batch_date"` // YYYY-MM-DD
}

func (VendorImport) Kind() string { return "vendor_nightly_import" }

// InstallmentSweep finds installments due soon and fans out charge and
// reminder jobs.
type InstallmentSweep struct{}

func (InstallmentSweep) Kind() string { return "plan_installment_sweep" }

// InstallmentCharge charges one plan installment.
type InstallmentCharge struct {
	PlanID string `json:"plan_id"`
	Seq    int    `json:"seq"`
}

func (InstallmentCharge) Kind() string { return "plan_installment_charge" }

// InstallmentReminder texts/e-mails the payer ahead of an installment.
type InstallmentReminder struct {
	PlanID string `json:"plan_id"`
	Seq    int    `json:"seq"`
	DueOn  string `json:"due_on"`
}

func (InstallmentReminder) Kind() string { return "plan_installment_reminder" }

// DismissalRefund refunds one payment on a dismissed citation.
type DismissalRefund struct {
	CitationID string `json:"citation_id"`
	PaymentID  string `json:"payment_id"`
	HearingID  string `json:"hearing_id"`
}

func (DismissalRefund) Kind() string { return "dismissal_refund" }

// EvidencePackage asks the camera vendor for the court-ready package.
type EvidencePackage struct {
	Vendor        string `json:"vendor"`
	VendorEventID string `json:"vendor_event_id"`
	ViolationID   string `json:"violation_id"`
	RequestID     string `json:"request_id"`
}

func (EvidencePackage) Kind() string { return "evidence_package" }

// HoldReconcile releases DMV holds on citations that no longer owe anything.
type HoldReconcile struct{}

func (HoldReconcile) Kind() string { return "dmv_hold_reconcile" }

// CollectionsRecall withdraws a citation from the collections agency.
type CollectionsRecall struct {
	CitationID string `json:"citation_id"`
	Reason     string `json:"reason"`
}

func (CollectionsRecall) Kind() string { return "collections_recall" }

// DateLayout is the layout of date-valued arguments.
const DateLayout = "2006-01-02"

// ParseDate parses a DateLayout date in UTC.
func ParseDate(s string) (time.Time, error) { return time.ParseInLocation(DateLayout, s, time.UTC) }
