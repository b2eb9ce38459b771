package vaccines

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/jobs"
	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/platform"
	"github.com/pawsandstay/kennel/internal/providers/vetrecords"
)

// Submitter is the part of the vendor client the worker uses.
type Submitter interface {
	Submit(ctx context.Context, s vetrecords.Submission) (*vetrecords.Verification, error)
}

// VerifyWorker submits pending records to the vendor. The result arrives
// on the vendor webhook.
type VerifyWorker struct {
	river.WorkerDefaults[jobs.VerifyVaccination]

	records     *platform.Store[Record]
	dir         owners.Directory
	vendor      Submitter
	callbackURL string
}

// NewVerifyWorker returns the worker.
func NewVerifyWorker(db *bun.DB, dir owners.Directory, vendor Submitter, callbackURL string) *VerifyWorker {
	return &VerifyWorker{records: platform.NewStore[Record](db), dir: dir, vendor: vendor, callbackURL: callbackURL}
}

// NextRetry backs off slowly; the vendor rate-limits aggressively.
func (w *VerifyWorker) NextRetry(job *river.Job[jobs.VerifyVaccination]) time.Time {
	return time.Now().Add(time.Duration(job.Attempt*job.Attempt) * time.Minute)
}

// Work implements river.Worker.
func (w *VerifyWorker) Work(ctx context.Context, job *river.Job[jobs.VerifyVaccination]) error {
	rec, err := w.records.Get(ctx, job.Args.RecordID)
	if errors.Is(err, platform.ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if rec.Status != StatusPending {
		return nil
	}
	dog, err := w.dir.Dog(ctx, rec.DogID)
	if err != nil {
		return err
	}
	owner, err := w.dir.Owner(ctx, dog.OwnerID)
	if err != nil {
		return err
	}

	info := vetrecords.RecordInfo{
		RecordID:       rec.ID,
		DogName:        dog.Name,
		OwnerName:      owner.FullName,
		OwnerPhone:     owner.Phone,
		Vaccine:        Required[rec.Vaccine],
		AdministeredOn: rec.AdministeredOn,
		ExpiresOn:      rec.ExpiresOn,
		DocumentURL:    rec.DocumentURL,
	}
	if rec.ClinicName != nil {
		info.ClinicName = *rec.ClinicName
	}
	sub := vetrecords.NewSubmission(info, w.callbackURL)
	v, err := w.vendor.Submit(ctx, sub)
	var apiErr *vetrecords.APIError
	if errors.As(err, &apiErr) && !apiErr.Temporary() {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}

	rec.VendorVerificationID = &v.ID
	rec.Status = StatusSubmitted
	return w.records.Update(ctx, rec, "vendor_verification_id", "status")
}
