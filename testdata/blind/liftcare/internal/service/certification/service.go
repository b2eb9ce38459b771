// Package certification files inspection results with the city authority
// and keeps our copy of the lift certificates it issues.
package certification

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/liftwell-systems/liftcare/internal/domain"
	"github.com/liftwell-systems/liftcare/internal/jobargs"
	"github.com/liftwell-systems/liftcare/internal/platform/keys"
	"github.com/liftwell-systems/liftcare/internal/provider/cityauth"
	"github.com/liftwell-systems/liftcare/internal/store"
)

// Service is the certification use-case boundary.
type Service interface {
	FileForInspection(ctx context.Context, inspectionID uuid.UUID) error
	RecordIssued(ctx context.Context, n IssuedNotice) error
	RecordRevoked(ctx context.Context, n RevokedNotice) error
	RequestAmendment(ctx context.Context, certificateNo, reason string) (uuid.UUID, error)
	FileAmendment(ctx context.Context, amendmentID uuid.UUID) error
}

// IssuedNotice is the authority's certificate-issued webhook payload.
type IssuedNotice struct {
	CertificateNo string
	LiftSerial    string
	InspectionRef string
	IssuedOn      time.Time
	ExpiresOn     time.Time
}

// RevokedNotice is the authority's certificate-revoked webhook payload.
type RevokedNotice struct {
	CertificateNo string
	RevokedAt     time.Time
	Reason        string
}

// Repository is the persistence the service needs.
type Repository interface {
	Visit(ctx context.Context, id uuid.UUID) (store.InspectionVisit, error)
	Lift(ctx context.Context, id uuid.UUID) (store.Lift, error)
	LiftBySerial(ctx context.Context, serial string) (store.Lift, error)
	RecordFiling(ctx context.Context, inspectionID uuid.UUID, authorityRef string) error
	InsertCertificate(ctx context.Context, p store.InsertCertificateParams) error
	Revoke(ctx context.Context, certificateNo string, at time.Time, reason string) (bool, error)
	CreateAmendment(ctx context.Context, certificateNo, reason string) (id uuid.UUID, created bool, err error)
	Amendment(ctx context.Context, id uuid.UUID) (store.CertificateAmendment, error)
	MarkAmendmentFiled(ctx context.Context, id uuid.UUID, authorityRef string) error
}

// Authority is the part of the city client used here.
type Authority interface {
	FileCertificate(ctx context.Context, f cityauth.Filing, opts ...cityauth.CallOption) (cityauth.Receipt, error)
	AmendCertificate(ctx context.Context, a cityauth.Amendment, opts ...cityauth.CallOption) (cityauth.Receipt, error)
}

type service struct {
	repo      Repository
	authority Authority
	jobs      domain.Enqueuer
	tx        domain.TxRunner
	badge     string
}

// New builds the service. badge is our competent-person badge number
// printed on every filing.
func New(repo Repository, a Authority, jobs domain.Enqueuer, tx domain.TxRunner, badge string) Service {
	return &service{repo: repo, authority: a, jobs: jobs, tx: tx, badge: badge}
}

// FileForInspection files a passed inspection with the authority, which
// answers later with a certificate-issued webhook.
func (s *service) FileForInspection(ctx context.Context, inspectionID uuid.UUID) error {
	v, err := s.repo.Visit(ctx, inspectionID)
	if err != nil {
		return err
	}
	if v.Result == nil {
		return fmt.Errorf("%w: inspection %s has no result", domain.ErrConflict, inspectionID)
	}
	lift, err := s.repo.Lift(ctx, v.LiftID)
	if err != nil {
		return err
	}
	receipt, err := s.authority.FileCertificate(ctx, cityauth.Filing{
		LiftSerial:     lift.SerialNo,
		InspectionRef:  v.ID.String(),
		InspectedOn:    v.DueOn,
		Result:         *v.Result,
		InspectorBadge: s.badge,
	}, cityauth.WithCorrelationID(v.ID.String()))
	if err != nil {
		return fmt.Errorf("file certificate: %w", err)
	}
	return s.repo.RecordFiling(ctx, v.ID, receipt.Ref)
}

// RecordIssued stores a certificate the authority has issued.
func (s *service) RecordIssued(ctx context.Context, n IssuedNotice) error {
	lift, err := s.repo.LiftBySerial(ctx, n.LiftSerial)
	if err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("%w: lift %s", domain.ErrNotFound, n.LiftSerial)
		}
		return err
	}
	var inspectionID *uuid.UUID
	if id, err := uuid.Parse(n.InspectionRef); err == nil {
		inspectionID = &id
	}
	return s.repo.InsertCertificate(ctx, store.InsertCertificateParams{
		CertificateNo: n.CertificateNo,
		LiftID:        lift.ID,
		InspectionID:  inspectionID,
		IssuedOn:      n.IssuedOn,
		ExpiresOn:     n.ExpiresOn,
	})
}

// RecordRevoked marks a certificate revoked. Repeats are no-ops.
func (s *service) RecordRevoked(ctx context.Context, n RevokedNotice) error {
	_, err := s.repo.Revoke(ctx, n.CertificateNo, n.RevokedAt, n.Reason)
	return err
}

// RequestAmendment records an amendment and queues its filing. While an
// amendment is pending, further requests return it instead of adding one.
func (s *service) RequestAmendment(ctx context.Context, certificateNo, reason string) (uuid.UUID, error) {
	if reason == "" {
		return uuid.Nil, fmt.Errorf("%w: reason is required", domain.ErrInvalid)
	}
	var id uuid.UUID
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		var created bool
		var err error
		id, created, err = s.repo.CreateAmendment(ctx, certificateNo, reason)
		if err != nil || !created {
			return err
		}
		return s.jobs.Enqueue(ctx, jobargs.AmendCertificate{AmendmentID: id}, nil)
	})
	return id, err
}

// FileAmendment sends a recorded amendment to the authority.
func (s *service) FileAmendment(ctx context.Context, amendmentID uuid.UUID) error {
	a, err := s.repo.Amendment(ctx, amendmentID)
	if err != nil {
		return err
	}
	if a.Status == "filed" {
		return nil
	}
	receipt, err := s.authority.AmendCertificate(ctx,
		cityauth.Amendment{CertificateNo: a.CertificateNo, Reason: a.Reason},
		cityauth.WithIdempotencyKey(keys.Derived("amendment", a.ID.String())),
		cityauth.WithCorrelationID(a.ID.String()),
	)
	if err != nil {
		return fmt.Errorf("file amendment: %w", err)
	}
	return s.repo.MarkAmendmentFiled(ctx, a.ID, receipt.Ref)
}
