// Package certificates issues catch certificates for exports and lodges
// them with customs.
package certificates

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/ports"
	"github.com/kelpline-systems/quotareg/internal/refs"
	"github.com/kelpline-systems/quotareg/internal/tasks"
)

const flagState = "XN"

type Service struct {
	uow      ports.UnitOfWork
	certs    ports.CertificateRepository
	lots     ports.CatchLotRepository
	landings ports.LandingRepository
	vessels  ports.VesselRepository
	outbox   ports.OutboxRepository
	customs  ports.CustomsGateway

	// declarationOptions decides how a declaration is routed at customs.
	declarationOptions func(c *domain.ExportCertificate) ports.SubmitOptions
	now                func() time.Time
}

func New(
	uow ports.UnitOfWork,
	certs ports.CertificateRepository,
	lots ports.CatchLotRepository,
	landings ports.LandingRepository,
	vessels ports.VesselRepository,
	outbox ports.OutboxRepository,
	customs ports.CustomsGateway,
) *Service {
	return &Service{
		uow:                uow,
		certs:              certs,
		lots:               lots,
		landings:           landings,
		vessels:            vessels,
		outbox:             outbox,
		customs:            customs,
		declarationOptions: routeDeclaration,
		now:                time.Now,
	}
}

// routeDeclaration sends large consignments through the priority lane
// customs offers to registered exporters.
func routeDeclaration(c *domain.ExportCertificate) ports.SubmitOptions {
	opts := ports.SubmitOptions{Channel: "fishreg-b2g"}
	if c.WeightKg >= 20_000 {
		opts.Priority = "high"
	}
	return opts
}

// Request opens a consignment with customs and issues the certificate
// against the catch lot. The exporter's client reference makes the request
// repeatable once the certificate exists.
func (s *Service) Request(ctx context.Context, in ports.CertificateInput) (*domain.ExportCertificate, error) {
	if existing, err := s.certs.GetByClientRef(ctx, in.ExporterID, in.ClientRef); err == nil {
		return existing, nil
	} else if !errors.Is(err, ports.ErrNotFound) {
		return nil, err
	}
	lot, err := s.lots.Get(ctx, in.CatchLotID)
	if err != nil {
		return nil, fmt.Errorf("certificates: catch lot: %w", err)
	}
	if lot.AvailableKg() < in.WeightKg {
		return nil, fmt.Errorf("certificates: lot %s has %d kg available: %w", lot.ID, lot.AvailableKg(), ports.ErrInsufficientQuota)
	}

	mrn, err := s.customs.RegisterConsignment(ctx, ports.ConsignmentRequest{
		ExporterEORI: in.ExporterEORI,
		Species:      lot.Species,
		WeightKg:     in.WeightKg,
		DestCountry:  in.DestCountry,
		CatchRef:     lot.ID.String(),
	})
	if err != nil {
		return nil, err
	}

	cert := &domain.ExportCertificate{
		ID:             uuid.New(),
		Number:         refs.CertificateNumber(in.ExporterID, in.ClientRef, s.now().Year()),
		ExporterID:     in.ExporterID,
		ClientRef:      in.ClientRef,
		CatchLotID:     lot.ID,
		WeightKg:       in.WeightKg,
		DestCountry:    in.DestCountry,
		ConsignmentRef: mrn,
		Status:         domain.CertificatePending,
	}
	err = s.uow.Do(ctx, func(ctx context.Context) error {
		created, err := s.certs.Claim(ctx, cert)
		if err != nil || !created {
			return err
		}
		if err := s.lots.Reserve(ctx, lot.ID, cert.WeightKg); err != nil {
			return err
		}
		return s.outbox.Add(ctx, tasks.TypeCertificateSubmit, tasks.CertificateSubmitPayload{CertificateID: cert.ID})
	})
	if err != nil {
		return nil, fmt.Errorf("certificates: issue: %w", err)
	}
	return s.certs.GetByClientRef(ctx, in.ExporterID, in.ClientRef)
}

// Submit lodges the certificate's declaration with customs. Runs as the
// certificate:submit task.
func (s *Service) Submit(ctx context.Context, certificateID uuid.UUID) error {
	cert, err := s.certs.Get(ctx, certificateID)
	if err != nil {
		return err
	}
	if cert.DeclarationRef != "" {
		return nil
	}
	lot, err := s.lots.Get(ctx, cert.CatchLotID)
	if err != nil {
		return err
	}
	landing, err := s.landings.Get(ctx, lot.LandingID)
	if err != nil {
		return err
	}
	vessel, err := s.vessels.Get(ctx, landing.VesselID)
	if err != nil {
		return err
	}

	ref, err := s.customs.SubmitDeclaration(ctx, ports.Declaration{
		CertificateNumber: cert.Number,
		ConsignmentRef:    cert.ConsignmentRef,
		Species:           lot.Species,
		WeightKg:          cert.WeightKg,
		DestCountry:       cert.DestCountry,
		FlagState:         flagState,
		VesselRegNo:       vessel.RegistrationNo,
	}, s.declarationOptions(cert))
	if err != nil {
		return err
	}
	return s.certs.SetDeclarationRef(ctx, cert.ID, ref)
}

// ClearanceStatus asks customs for the current decision on the
// certificate's declaration.
func (s *Service) ClearanceStatus(ctx context.Context, certificateID uuid.UUID) (string, error) {
	cert, err := s.certs.Get(ctx, certificateID)
	if err != nil {
		return "", err
	}
	if cert.DeclarationRef == "" {
		return cert.Status, nil
	}
	return s.customs.ClearanceStatus(ctx, cert.DeclarationRef)
}

// ApplyClearance records the customs decision published on the clearance
// topic: cleared weight leaves the lot, rejected weight goes back to it.
func (s *Service) ApplyClearance(ctx context.Context, d ports.ClearanceDecision) error {
	cert, err := s.certs.GetByDeclarationRef(ctx, d.DeclarationRef)
	if err != nil {
		return fmt.Errorf("certificates: declaration %s: %w", d.DeclarationRef, err)
	}
	return s.uow.Do(ctx, func(ctx context.Context) error {
		switch d.Outcome {
		case "cleared":
			if err := s.lots.MarkExported(ctx, cert.CatchLotID, cert.WeightKg); err != nil {
				return err
			}
			return s.certs.SetStatus(ctx, cert.ID, domain.CertificateCleared)
		case "rejected":
			if err := s.lots.Release(ctx, cert.CatchLotID, cert.WeightKg); err != nil {
				return err
			}
			return s.certs.SetStatus(ctx, cert.ID, domain.CertificateRejected)
		default:
			return nil
		}
	})
}
