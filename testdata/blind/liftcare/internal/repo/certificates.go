package repo

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/liftwell-systems/liftcare/internal/platform/pgtx"
	"github.com/liftwell-systems/liftcare/internal/store"
)

// Certificates implements certification.Repository.
type Certificates struct {
	db *pgtx.Manager
}

// NewCertificates returns the repository.
func NewCertificates(db *pgtx.Manager) *Certificates { return &Certificates{db: db} }

func (r *Certificates) Visit(ctx context.Context, id uuid.UUID) (store.InspectionVisit, error) {
	return r.db.Queries(ctx).GetInspectionVisit(ctx, id)
}

func (r *Certificates) Lift(ctx context.Context, id uuid.UUID) (store.Lift, error) {
	return r.db.Queries(ctx).GetLift(ctx, id)
}

func (r *Certificates) LiftBySerial(ctx context.Context, serial string) (store.Lift, error) {
	return r.db.Queries(ctx).LiftBySerial(ctx, serial)
}

func (r *Certificates) RecordFiling(ctx context.Context, inspectionID uuid.UUID, authorityRef string) error {
	return r.db.Queries(ctx).InsertCertificateFiling(ctx, inspectionID, authorityRef)
}

func (r *Certificates) InsertCertificate(ctx context.Context, p store.InsertCertificateParams) error {
	return r.db.Queries(ctx).InsertCertificate(ctx, p)
}

func (r *Certificates) Revoke(ctx context.Context, certificateNo string, at time.Time, reason string) (bool, error) {
	n, err := r.db.Queries(ctx).RevokeCertificate(ctx, certificateNo, at, reason)
	return n == 1, err
}

// CreateAmendment returns the pending amendment for the certificate,
// creating it when there is none; created reports which happened.
func (r *Certificates) CreateAmendment(ctx context.Context, certificateNo, reason string) (id uuid.UUID, created bool, err error) {
	q := r.db.Queries(ctx)
	id, created, err = q.InsertAmendment(ctx, certificateNo, reason)
	if err != nil || created {
		return id, created, err
	}
	id, err = q.PendingAmendment(ctx, certificateNo)
	return id, false, err
}

func (r *Certificates) Amendment(ctx context.Context, id uuid.UUID) (store.CertificateAmendment, error) {
	return r.db.Queries(ctx).GetAmendment(ctx, id)
}

func (r *Certificates) MarkAmendmentFiled(ctx context.Context, id uuid.UUID, authorityRef string) error {
	return r.db.Queries(ctx).SetAmendmentFiled(ctx, id, authorityRef)
}
