package claims

import (
	"context"
	"fmt"

	"github.com/acme/clinic/internal/appointments"
	"github.com/acme/clinic/internal/platform/ids"
	"github.com/acme/clinic/internal/provider/clearinghouse"
)

// NPILookup resolves the rendering clinician's NPI.
type NPILookup interface {
	NPI(ctx context.Context, clinicianID string) (string, error)
}

// builder turns a stored claim into a clearinghouse submission.
type builder struct {
	appts appointments.Repository
	npis  NPILookup
}

// build returns an original submission for c.
func (b builder) build(ctx context.Context, c Claim) (clearinghouse.Submission, error) {
	sub, err := b.base(ctx, c)
	if err != nil {
		return sub, err
	}
	sub.SubmitterClaimID = submitterClaimID()
	return sub, nil
}

// base fills the payer, provider and service lines shared by originals and
// replacements.
func (b builder) base(ctx context.Context, c Claim) (clearinghouse.Submission, error) {
	appt, err := b.appts.Get(ctx, c.AppointmentID)
	if err != nil {
		return clearinghouse.Submission{}, err
	}
	npi, err := b.npis.NPI(ctx, appt.ClinicianID)
	if err != nil {
		return clearinghouse.Submission{}, fmt.Errorf("rendering npi: %w", err)
	}
	lines, err := c.DecodeLines()
	if err != nil {
		return clearinghouse.Submission{}, err
	}
	sub := clearinghouse.Submission{
		PayerID:        c.PayerID,
		MemberID:       c.MemberID,
		RenderingNPI:   npi,
		ServiceDate:    appt.SlotStart,
		PlaceOfService: "10", // telehealth in patient's home
	}
	for _, l := range lines {
		sub.Lines = append(sub.Lines, clearinghouse.Line{
			CPT: l.CPT, Modifier: l.Modifier, Units: l.Units, ChargeCents: l.ChargeCents,
		})
	}
	return sub, nil
}

// submitterClaimID is the patient control number printed on the 837 (max 38
// chars).
func submitterClaimID() string {
	return "ACME" + ids.NewKSUID()
}
