// Package jobargs declares the River job argument types. It is kept apart
// from the workers so services can enqueue without importing them.
package jobargs

import (
	"github.com/google/uuid"
)

// DispatchCallout picks and pages a technician for a new call-out.
type DispatchCallout struct {
	CalloutID uuid.UUID `json:"callout_id"`
}

func (DispatchCallout) Kind() string { return "callout.dispatch" }

// AnnounceCallout tells the building-owner portal that help is on the way.
type AnnounceCallout struct {
	CalloutID uuid.UUID `json:"callout_id"`
}

func (AnnounceCallout) Kind() string { return "callout.announce" }

// SubmitPartsOrder sends a pending parts order to the supplier.
type SubmitPartsOrder struct {
	OrderID uuid.UUID `json:"order_id"`
}

func (SubmitPartsOrder) Kind() string { return "parts.submit_order" }

// FileCertificate files a passed inspection with the city authority.
type FileCertificate struct {
	InspectionID uuid.UUID `json:"inspection_id"`
}

func (FileCertificate) Kind() string { return "certificate.file" }

// AmendCertificate files a certificate amendment with the city authority.
type AmendCertificate struct {
	AmendmentID uuid.UUID `json:"amendment_id"`
}

func (AmendCertificate) Kind() string { return "certificate.amend" }

// PlanMaintenanceMonth plans routine service visits for a month.
type PlanMaintenanceMonth struct {
	Year  int `json:"year"`
	Month int `json:"month"`
}

func (PlanMaintenanceMonth) Kind() string { return "maintenance.plan_month" }

// MonthlyBilling invoices every active contract for a period ("2025-03").
type MonthlyBilling struct {
	Period string `json:"period"`
}

func (MonthlyBilling) Kind() string { return "billing.monthly_run" }

// InspectionReminders texts building sites about tomorrow's inspections.
type InspectionReminders struct {
	Day string `json:"day"` // YYYY-MM-DD
}

func (InspectionReminders) Kind() string { return "inspection.remind" }
