// Package ledger builds the clinic statement lines that billing writes for
// each trip. Entry ids are xids so that statements sort by creation time.
package ledger

import (
	"fmt"

	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/carelift-health/nemt/internal/models"
)

const (
	KindFare           = "fare"
	KindInsurerAllowed = "insurer_allowed"
	KindContractualAdj = "contractual_adjustment"
	KindPatientResp    = "patient_responsibility"
	KindInsurerPayment = "insurer_payment"
)

// Line is one amount on a trip's statement.
type Line struct {
	Kind        string
	AmountCents int64
	Memo        string
}

// Entries turns lines into ledger rows for a trip.
func Entries(tripID, clinicID uuid.UUID, lines ...Line) []*models.LedgerEntry {
	out := make([]*models.LedgerEntry, 0, len(lines))
	for _, l := range lines {
		if l.AmountCents == 0 {
			continue
		}
		out = append(out, &models.LedgerEntry{
			ID:          xid.New().String(),
			TripID:      tripID,
			ClinicID:    clinicID,
			Kind:        l.Kind,
			AmountCents: l.AmountCents,
			Memo:        l.Memo,
		})
	}
	return out
}

// AdjudicationLines splits a billed fare into the statement lines that the
// insurer's adjudication implies.
func AdjudicationLines(claimNumber string, billed, allowed, patientResp int64) []Line {
	return []Line{
		{Kind: KindFare, AmountCents: billed, Memo: "trip fare"},
		{Kind: KindContractualAdj, AmountCents: -(billed - allowed), Memo: fmt.Sprintf("contractual adjustment %s", claimNumber)},
		{Kind: KindPatientResp, AmountCents: patientResp, Memo: "patient responsibility"},
	}
}
