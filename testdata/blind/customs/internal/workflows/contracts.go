// Package workflows holds the Temporal workflows and activities that drive
// the declaration lifecycle and monthly billing.
package workflows

import (
	"time"
)

// Task queue names are configured; these are the registered type names.
const (
	DeclarationWorkflowName = "DeclarationWorkflow"
	BillingWorkflowName     = "MonthlyBillingWorkflow"

	// SignalDecision carries a customs decision into a running declaration.
	SignalDecision = "customs-decision"
)

// DeclarationWorkflowID is the workflow id for a shipment's declaration.
// There is exactly one declaration workflow per shipment.
func DeclarationWorkflowID(shipmentID string) string { return "declaration/" + shipmentID }

// BillingWorkflowID is the workflow id for a billing period run.
func BillingWorkflowID(period string) string { return "billing/" + period }

// DeclarationInput starts a declaration workflow.
type DeclarationInput struct {
	ShipmentID  string
	RequestedBy string
}

// DeclarationResult is returned when the declaration reaches a final state.
type DeclarationResult struct {
	DeclarationID string
	MRN           string
	Decision      string
}

// DecisionSignal is the payload of SignalDecision.
type DecisionSignal struct {
	EventID   string
	Decision  string // released | held | rejected
	Note      string
	DecidedAt time.Time
}

// PrepareResult is returned by PrepareDeclaration.
type PrepareResult struct {
	DeclarationID string
	LRN           string
}

// FileResult is returned by FileDeclaration.
type FileResult struct {
	MRN       string
	DutyCents int64
	VATCents  int64
}

// NotifyInput is the argument of NotifyImporter.
type NotifyInput struct {
	ShipmentID string
	Kind       string
	Subject    string
	Data       map[string]string
}

// BillingRunInput starts a billing run.
type BillingRunInput struct {
	Period      string // YYYY-MM
	RequestedBy string
}
