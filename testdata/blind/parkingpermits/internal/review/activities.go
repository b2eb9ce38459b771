package review

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/curbline-civic/permits/internal/domain"
	"github.com/curbline-civic/permits/internal/providers/assessor"
	"github.com/curbline-civic/permits/internal/providers/mailhouse"
)

// ParcelLookup finds a residential parcel.
type ParcelLookup interface {
	Lookup(ctx context.Context, addressLine, postalCode string) (*assessor.Parcel, error)
}

// ApplicationStore is the application storage the activities use.
type ApplicationStore interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Application, error)
	Resident(ctx context.Context, id uuid.UUID) (*domain.Resident, error)
	SetStatus(ctx context.Context, id uuid.UUID, from []string, to string) (bool, error)
	RecordDecision(ctx context.Context, id uuid.UUID, status, officer, reason string, at time.Time) (bool, error)
}

// PermitService is the permits use cases the activities call.
type PermitService interface {
	Issue(ctx context.Context, appID uuid.UUID) (*domain.Permit, error)
	RecordMailingRequest(ctx context.Context, mailingID, permitID uuid.UUID) error
	PrintDetails(ctx context.Context, permitID uuid.UUID) (*domain.Permit, domain.MailingAddress, error)
	RecordSubmitted(ctx context.Context, mailingID, permitID uuid.UUID, jobID string) error
}

// PrintSubmitter submits print jobs to the mail house.
type PrintSubmitter interface {
	SubmitJob(ctx context.Context, job mailhouse.PrintJob) (*mailhouse.Receipt, error)
}

// Activities holds the dependencies of every review activity. main registers
// each method under its Act* name.
type Activities struct {
	Parcels      ParcelLookup
	Applications ApplicationStore
	Permits      PermitService
	Printer      PrintSubmitter
	Template     string
}

// VerifyResidency checks the applicant's address against the assessor's
// parcel data. It only reads.
func (a *Activities) VerifyResidency(ctx context.Context, appID uuid.UUID) (ResidencyResult, error) {
	app, err := a.Applications.Get(ctx, appID)
	if err != nil {
		return ResidencyResult{}, err
	}
	res, err := a.Applications.Resident(ctx, app.ResidentID)
	if err != nil {
		return ResidencyResult{}, err
	}
	parcel, err := a.Parcels.Lookup(ctx, res.AddressLine, res.PostalCode)
	if err != nil {
		return ResidencyResult{}, err
	}
	switch {
	case parcel == nil:
		return ResidencyResult{Verified: false, Note: "no parcel for address"}, nil
	case !parcel.Residential:
		return ResidencyResult{Verified: false, ParcelID: parcel.ParcelID, Note: "parcel is " + parcel.LandUse}, nil
	case parcel.ZoneCode != app.ZoneCode:
		return ResidencyResult{Verified: false, ParcelID: parcel.ParcelID, Note: "parcel is in zone " + parcel.ZoneCode}, nil
	}
	return ResidencyResult{Verified: true, ParcelID: parcel.ParcelID}, nil
}

// MarkInReview puts a paid application in the officers' queue.
func (a *Activities) MarkInReview(ctx context.Context, appID uuid.UUID, r ResidencyResult) error {
	_, err := a.Applications.SetStatus(ctx, appID, []string{domain.StatusPaid}, domain.StatusInReview)
	return err
}

// RecordDecision stores the officer's decision on the application.
func (a *Activities) RecordDecision(ctx context.Context, in DecisionInput) error {
	status := domain.StatusRejected
	if in.Decision.Approve {
		status = domain.StatusApproved
	}
	ok, err := a.Applications.RecordDecision(ctx, in.ApplicationID, status, in.Decision.Officer, in.Decision.Reason, time.Now().UTC())
	if err != nil {
		return err
	}
	if !ok {
		activity.GetLogger(ctx).Info("decision already recorded", "application", in.ApplicationID)
	}
	return nil
}

// IssuePermit creates the permit for an approved application.
func (a *Activities) IssuePermit(ctx context.Context, appID uuid.UUID) (IssuedPermit, error) {
	p, err := a.Permits.Issue(ctx, appID)
	if err != nil {
		return IssuedPermit{}, err
	}
	return IssuedPermit{PermitID: p.ID, Number: p.Number}, nil
}

// RecordMailingRequest stores the mailing row before anything is sent to
// the mail house.
func (a *Activities) RecordMailingRequest(ctx context.Context, req MailingRequest) error {
	return a.Permits.RecordMailingRequest(ctx, req.MailingID, req.PermitID)
}

// SubmitPrintJob sends the hang-tag to the mail house.
func (a *Activities) SubmitPrintJob(ctx context.Context, req MailingRequest) (PrintReceipt, error) {
	p, addr, err := a.Permits.PrintDetails(ctx, req.PermitID)
	if err != nil {
		return PrintReceipt{}, err
	}
	if addr.Line1 == "" {
		return PrintReceipt{}, temporal.NewNonRetryableApplicationError("resident has no mailing address", "InvalidInput", nil)
	}
	receipt, err := a.Printer.SubmitJob(ctx, mailhouse.PrintJob{
		Template:  a.Template,
		Recipient: addr,
		Class:     "first_class",
		MergeFields: map[string]string{
			"permit_number": p.Number,
			"zone":          p.ZoneCode,
			"plate":         p.Plate,
			"expires":       p.ExpiresAt.Format("January 2, 2006"),
		},
	})
	if err != nil {
		return PrintReceipt{}, fmt.Errorf("submit print job: %w", err)
	}
	return PrintReceipt{JobID: receipt.JobID}, nil
}

// RecordSubmitted stores the mail house job ID.
func (a *Activities) RecordSubmitted(ctx context.Context, req MailingRequest, r PrintReceipt) error {
	return a.Permits.RecordSubmitted(ctx, req.MailingID, req.PermitID, r.JobID)
}
